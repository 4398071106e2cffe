import { afterEach, describe, expect, it } from "vitest";
import { MemoryEventBus } from "../platform/events/memory-bus";
import { MemoryCodec } from "../platform/events/memory-codec";
import type { ConsumedEvent } from "../platform/events/port";
import { SchemaCatalog } from "../platform/events/schema-catalog";
import { TOPIC, topicSpecs } from "../platform/events/topics";
import { chooseForecast } from "../underwriting/weather-choice";
import { cycleEventId, cycleLandedEvent, followCycles } from "./cycle-events";
import { CycleRegistry } from "./cycle-registry";
import { SyntheticCycleScheduler } from "./synthetic-scheduler";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 21, 7, 30);

const landed = (model: string, cycleMs: number, synthetic = false) =>
  cycleLandedEvent(
    {
      model,
      cycle_time: cycleMs,
      members: 31,
      resolution_deg: 0.5,
      horizon_h: 384,
      synthetic,
      source: null,
    },
    cycleMs + 4 * H,
  ).value;

describe("cycle registry", () => {
  it("keeps the latest cycle per model and counts a cycle landed twice once", () => {
    const r = new CycleRegistry();
    expect(r.apply(landed("gefs", T0 - 12 * H))).toBe(true);
    expect(r.apply(landed("gefs", T0 - 6 * H))).toBe(true);
    expect(r.apply(landed("gefs", T0 - 6 * H))).toBe(false);
    expect(r.apply(landed("gefs", T0 - 18 * H))).toBe(true);
    expect(r.latest("gefs")?.cycleMs).toBe(T0 - 6 * H);
    expect(r.cycles("gefs").map((c) => c.cycleMs)).toEqual([T0 - 6 * H, T0 - 12 * H, T0 - 18 * H]);
  });

  it("reports each model's age and calls it stale after three cadences", () => {
    const r = new CycleRegistry();
    r.apply(landed("gefs", Date.UTC(2026, 10, 21, 0)));
    r.apply(landed("ecmwf-ens", Date.UTC(2026, 10, 20, 0)));
    const at = (h: number) => r.freshness(Date.UTC(2026, 10, 21, 0) + h * H);
    expect(at(7)).toEqual([
      expect.objectContaining({ model: "ecmwf-ens", age_h: 31, cadence_h: 12, stale: false }),
      expect.objectContaining({
        model: "gefs",
        age_h: 7,
        cadence_h: 6,
        stale: false,
        latest_cycle_utc: "2026-11-21T00:00:00.000Z",
      }),
    ]);
    expect(at(18.5).find((m) => m.model === "gefs")?.stale).toBe(true);
    expect(at(12.5).find((m) => m.model === "ecmwf-ens")?.stale).toBe(true);
  });

  it("gives the same event id to the same cycle, and a different one to another", () => {
    expect(cycleEventId("gefs", T0)).toBe(cycleEventId("gefs", T0));
    expect(cycleEventId("gefs", T0)).not.toBe(cycleEventId("gefs", T0 + 6 * H));
    expect(cycleEventId("gefs", T0)).not.toBe(cycleEventId("synthetic", T0));
    expect(cycleEventId("gefs", T0)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe("synthetic cycles on the bus", () => {
  const buses: MemoryEventBus[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  async function bus() {
    const b = new MemoryEventBus({ codec: new MemoryCodec(SchemaCatalog.load()) });
    await b.start(topicSpecs(2));
    buses.push(b);
    return b;
  }

  it("lands the due cycle once, one initialised now on demand, and a second process learns them all", async () => {
    const b = await bus();
    let now = T0;
    const registry = new CycleRegistry();
    const scheduler = new SyntheticCycleScheduler({ bus: b, registry, now: () => now });
    expect(await scheduler.landDue()).toBe(Date.UTC(2026, 10, 21, 6));
    expect(await scheduler.landDue()).toBe(Date.UTC(2026, 10, 21, 6)); // known: not landed again
    // On demand: a cycle initialised now (07:30), current at once; twice in a second is one cycle.
    expect(await scheduler.landNow()).toEqual({ cycleMs: now, landed: true });
    expect(await scheduler.landNow()).toEqual({ cycleMs: now, landed: false });
    expect(chooseForecast(registry, now)?.primary.cycleMs).toBe(now);
    expect(registry.freshness(now)[0]?.age_h).toBe(0);
    now += 6 * H; // the clock reaches 13:30: 12 UTC is due
    expect(await scheduler.landDue()).toBe(Date.UTC(2026, 10, 21, 12));

    const seen: ConsumedEvent[] = [];
    const other = new CycleRegistry();
    const following = await followCycles(b, other, "second-process");
    const tap = await b.subscribe({
      groupId: "tap",
      topics: [TOPIC.weatherCycles],
      fromBeginning: true,
      handleBatch: async (events) => {
        seen.push(...events);
      },
    });
    await following.ready;
    await tap.ready;
    await expect.poll(() => seen.length).toBe(3);
    await expect.poll(() => other.latest("synthetic")?.cycleMs).toBe(Date.UTC(2026, 10, 21, 12));
    expect(other.cycles("synthetic")).toHaveLength(3);
    expect(seen.map((e) => e.key)).toEqual(["synthetic", "synthetic", "synthetic"]);
    expect(seen[0]?.value).toMatchObject({ model: "synthetic", members: 31, synthetic: true });
    await following.stop();
    await tap.stop();
  });
});
