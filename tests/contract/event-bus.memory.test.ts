import { afterEach, describe, expect, it } from "vitest";
import { EVENT } from "../../services/contracts/events";
import {
  monitoringStoppedMessage,
  monitoringStoppedRecord,
  voyageMonitoredRecord,
} from "../../services/monitoring/events";
import { followMonitoredVoyages, waitUntil } from "../../services/monitoring/follow";
import {
  MemoryEventBus,
  type MemoryEventBusOptions,
} from "../../services/platform/events/memory-bus";
import { MemoryCodec } from "../../services/platform/events/memory-codec";
import type {
  ConsumedEvent,
  EventBus,
  EventMap,
  OutgoingEvent,
  RawRecord,
  TopicSpec,
} from "../../services/platform/events/port";
import { eventRecord } from "../../services/platform/events/records";
import { SchemaCatalog } from "../../services/platform/events/schema-catalog";
import { TOPIC as TOPICS_OF_THE_PLATFORM, topicSpecs } from "../../services/platform/events/topics";
import { cycleLandedEvent } from "../../services/weather/cycle-events";
import { testCatalog, uniqueName, waitFor } from "../helpers";
import { eventBusContract, PROBE, TOPIC, TOPICS } from "./event-bus.contract";

eventBusContract("in-process", async () => {
  const bus = new MemoryEventBus({
    codec: new MemoryCodec(testCatalog()),
    defaultRetryBackoffMs: 10,
  });
  await bus.start(TOPICS);
  return bus;
});

/** A clock the test moves by hand. */
function manualClock(start = Date.UTC(2026, 10, 22)) {
  let nowMs = start;
  return { now: () => nowMs, advance: (ms: number) => (nowMs += ms) };
}

const probe = (key: string, seq: number): OutgoingEvent<EventMap> => ({
  key,
  type: PROBE,
  value: eventRecord({ seq, note: "retention", tag: null }, Date.UTC(2026, 10, 1) + seq),
});

/** What a record costs the log's retention.bytes: its key and value bytes. */
const bytesOf = (r: RawRecord) => (r.key?.length ?? 0) + (r.value?.length ?? 0);

/** Every record the topic still holds, per partition in offset order (read below the codec). */
async function retained(bus: EventBus<EventMap>, topic: string): Promise<Map<number, RawRecord[]>> {
  const ends = await bus.endOffsets(topic);
  const out = new Map<number, RawRecord[]>();
  const sub = await bus.inspect(topic, (records) => {
    for (const r of records) out.set(r.partition, [...(out.get(r.partition) ?? []), r]);
  });
  await waitFor("the retained records", () =>
    [...ends].every(
      ([p, end]) => end === "0" || out.get(p)?.at(-1)?.offset === String(Number(end) - 1),
    ),
  );
  await sub.stop();
  return out;
}

describe("MemoryEventBus retention (the embedded default's memory is bounded)", () => {
  const open: EventBus<EventMap>[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((b) => b.close()));
  });
  const make = async (
    options: Partial<MemoryEventBusOptions>,
    topics: TopicSpec[] = TOPICS,
    catalog = testCatalog(),
  ) => {
    const bus = new MemoryEventBus({
      codec: new MemoryCodec(catalog),
      defaultRetryBackoffMs: 10,
      ...options,
    });
    await bus.start(topics);
    open.push(bus);
    return bus;
  };

  it("keeps at most retention bytes per partition, dropping the oldest records, offsets unchanged", async () => {
    const bus = await make({ retention: { bytesPerPartition: 2_000 } });
    await bus.publish(
      TOPIC,
      Array.from({ length: 200 }, (_, i) => probe("one-key", i)),
    );
    const [[partition, records] = [0, []], ...others] = [...(await retained(bus, TOPIC))];
    expect(others).toEqual([]);
    expect((await bus.endOffsets(TOPIC)).get(partition)).toBe("200");
    expect(records.length).toBeGreaterThan(0);
    expect(records.length).toBeLessThan(200);
    expect(records.reduce((a, r) => a + bytesOf(r), 0)).toBeLessThanOrEqual(2_000);
    // The newest are kept, with the offsets they were given: the log start moved, nothing else.
    expect(records.map((r) => Number(r.offset))).toEqual(
      Array.from({ length: records.length }, (_, i) => 200 - records.length + i),
    );
  });

  it("drops records older than retention ms", async () => {
    const clock = manualClock();
    const bus = await make({ retention: { ms: 60_000 }, now: clock.now });
    await bus.publish(
      TOPIC,
      Array.from({ length: 10 }, (_, i) => probe("one-key", i)),
    );
    clock.advance(60_001);
    await bus.publish(TOPIC, [probe("one-key", 10)]);
    const records = [...(await retained(bus, TOPIC)).values()].flat();
    expect(records.map((r) => r.offset)).toEqual(["10"]);
  });

  it("resumes a group whose committed offset fell below the log start from the earliest retained record", async () => {
    const bus = await make({ retention: { bytesPerPartition: 2_000 } });
    const group = uniqueName("behind");
    const seen: ConsumedEvent[] = [];
    const subscribe = () =>
      bus.subscribe({
        groupId: group,
        topics: [TOPIC],
        fromBeginning: true,
        handleBatch: async (batch) => {
          seen.push(...batch);
        },
      });
    const first = await subscribe();
    await bus.publish(
      TOPIC,
      Array.from({ length: 5 }, (_, i) => probe("one-key", i)),
    );
    await waitFor("the first five", () => seen.length >= 5);
    await first.stop();
    const [partition] = [...(await bus.committedOffsets(group, TOPIC)).keys()];
    expect((await bus.committedOffsets(group, TOPIC)).get(partition as number)).toBe("5");

    // While the group is away, the log moves on past its commit.
    await bus.publish(
      TOPIC,
      Array.from({ length: 200 }, (_, i) => probe("one-key", 5 + i)),
    );
    const kept = (await retained(bus, TOPIC)).get(partition as number) ?? [];
    const logStart = Number(kept[0]?.offset);
    expect(logStart).toBeGreaterThan(5);

    seen.length = 0;
    await subscribe();
    await waitFor(
      "the group to reach the end",
      async () => (await bus.committedOffsets(group, TOPIC)).get(partition as number) === "205",
    );
    // auto.offset.reset=earliest: from the log start, every retained record once, in order.
    expect(seen.map((e) => Number(e.offset))).toEqual(kept.map((r) => Number(r.offset)));
    expect(seen[0]?.value.seq).toBe(logStart);
  });

  it("keeps voyages.monitoring whole (kept forever, the source of monitored-voyage state) while it trims the others", async () => {
    const clock = manualClock();
    const bus = await make(
      { retention: { bytesPerPartition: 4_000, ms: 60_000 }, now: clock.now },
      topicSpecs(2),
      SchemaCatalog.load(),
    );
    const route = Array.from({ length: 40 }, (_, i): [number, number] => [-30 + i, 45 + i / 10]);
    const registrations = Array.from({ length: 50 }, (_, i) =>
      voyageMonitoredRecord({
        voyageId: `voyage-${i}`,
        vesselId: `vessel-${i}`,
        vessel: { type: "cargo_small" },
        voyage: { note: "retention test" },
        route,
        thresholds: { wave_m: 4 },
        departureMs: clock.now() + 86_400_000,
        occurredAt: clock.now(),
      }),
    );
    await bus.publish(
      TOPICS_OF_THE_PLATFORM.voyageMonitoring,
      registrations.map((r) => ({ key: r.voyage_id, type: EVENT.VoyageMonitored, value: r })),
    );
    clock.advance(120_000);
    await bus.publish(
      TOPICS_OF_THE_PLATFORM.voyageMonitoring,
      registrations
        .slice(0, 20)
        .map((r) =>
          monitoringStoppedMessage(
            monitoringStoppedRecord(r.voyage_id, "deleted", undefined, clock.now()),
          ),
        ),
    );
    // Weather cycles, far more than 4,000 bytes a partition: that topic is trimmed.
    await bus.publish(
      TOPICS_OF_THE_PLATFORM.weatherCycles,
      Array.from({ length: 300 }, (_, i) =>
        cycleLandedEvent(
          {
            model: "synthetic",
            cycle_time: Date.UTC(2026, 0, 1) + i * 21_600_000,
            members: 31,
            resolution_deg: 0.25,
            horizon_h: 384,
            synthetic: true,
            source: null,
          },
          clock.now(),
        ),
      ),
    );
    const cycles = [...(await retained(bus, TOPICS_OF_THE_PLATFORM.weatherCycles)).values()].flat();
    expect(cycles.length).toBeLessThan(300);

    // A process starting now folds every monitored voyage from the beginning, as a restart would.
    const follower = await followMonitoredVoyages(bus, uniqueName("fold"));
    await waitUntil(follower.caughtUp);
    await follower.stop();
    expect(follower.voyages.size).toBe(50);
    const statuses = [...follower.voyages.values()].map((v) => v.status);
    expect(statuses.filter((s) => s === "stopped")).toHaveLength(20);
    expect(statuses.filter((s) => s === "active")).toHaveLength(30);
  });
});
