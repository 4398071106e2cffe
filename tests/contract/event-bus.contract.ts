import { afterEach, describe, expect, it } from "vitest";
import {
  UnprocessableEventError,
  UnprocessableEventsError,
} from "../../services/platform/events/batch-processor";
import { frame } from "../../services/platform/events/codec";
import {
  type ConsumedEvent,
  DLQ_HEADERS,
  dlqTopicOf,
  type EventBus,
  type EventMap,
  type OutgoingEvent,
  type RawRecord,
  type SubscribeOptions,
  type Subscription,
} from "../../services/platform/events/port";
import { eventRecord } from "../../services/platform/events/records";
import { uniqueName, waitFor } from "../helpers";

/**
 * One behaviour suite for every EventBus adapter. `make` returns a started bus whose topics
 * include TOPIC (4 partitions) and its .dlq; every test gets a fresh bus. `groupSessionTimeoutMs`
 * is how long the adapter's groups wait for a silent member (none for the in-process bus, whose
 * members cannot fall silent).
 */
export const TOPIC = "contract.probes";
export const PROBE = "voyagerisk.test.Probe";
export const TOPICS = [{ name: TOPIC, partitions: 4 }];

const probe = (key: string, seq: number, note = "n"): OutgoingEvent<EventMap> => ({
  key,
  type: PROBE,
  value: eventRecord({ seq, note, tag: null }, Date.UTC(2026, 10, 1) + seq),
});

interface Collected {
  events: ConsumedEvent[];
}

export function eventBusContract(
  name: string,
  make: () => Promise<EventBus<EventMap>>,
  adapter: { groupSessionTimeoutMs?: number } = {},
): void {
  describe(`EventBus contract: ${name}`, () => {
    const open: EventBus<EventMap>[] = [];
    const fresh = async () => {
      const bus = await make();
      open.push(bus);
      return bus;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((b) => b.close()));
    });

    const collect = async (
      bus: EventBus<EventMap>,
      options: Partial<SubscribeOptions> & { groupId?: string } = {},
    ): Promise<Collected & { sub: Subscription }> => {
      const out: Collected = { events: [] };
      const sub = await bus.subscribe({
        groupId: options.groupId ?? uniqueName("g"),
        topics: [TOPIC],
        fromBeginning: true,
        retryBackoffMs: 10,
        maxAttempts: 3,
        ...options,
        handleBatch:
          options.handleBatch ??
          (async (batch) => {
            out.events.push(...batch);
          }),
      });
      await sub.ready;
      return { ...out, events: out.events, sub };
    };

    it("delivers every published event once, decoded, with its key and type", async () => {
      const bus = await fresh();
      const sent = Array.from({ length: 50 }, (_, i) => probe(`k${i % 7}`, i, `note ✓ ${i}`));
      const c = await collect(bus);
      await bus.publish(TOPIC, sent);
      await waitFor("50 events", () => c.events.length >= 50);
      expect(c.events).toHaveLength(50);
      const byId = new Map(c.events.map((e) => [e.value.event_id, e]));
      for (const s of sent) {
        const got = byId.get(s.value.event_id);
        expect(got?.key).toBe(s.key);
        expect(got?.type).toBe(PROBE);
        expect(got?.value).toEqual(s.value);
        expect(got?.schemaId).toBeGreaterThan(0);
      }
    });

    it("keeps the order of events with the same key", async () => {
      const bus = await fresh();
      const c = await collect(bus, { maxBatchSize: 7 });
      const sent: OutgoingEvent<EventMap>[] = [];
      for (let i = 0; i < 200; i++) sent.push(probe(`vessel-${i % 5}`, i));
      await bus.publish(TOPIC, sent.slice(0, 100));
      await bus.publish(TOPIC, sent.slice(100));
      await waitFor("200 events", () => c.events.length >= 200);
      const perKey = new Map<string, number[]>();
      for (const e of c.events)
        perKey.set(e.key, [...(perKey.get(e.key) ?? []), e.value.seq as number]);
      expect(perKey.size).toBe(5);
      for (const seqs of perKey.values()) expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    });

    it("shares partitions between members of one group and gives every group everything", async () => {
      const bus = await fresh();
      const group = uniqueName("shared");
      const a = await collect(bus, { groupId: group });
      const b = await collect(bus, { groupId: group });
      await a.sub.ready;
      const other = await collect(bus);
      const sent = Array.from({ length: 80 }, (_, i) => probe(`key-${i}`, i));
      await bus.publish(TOPIC, sent);
      await waitFor(
        "both groups to receive all",
        () => a.events.length + b.events.length >= 80 && other.events.length >= 80,
      );
      expect(a.events.length).toBeGreaterThan(0);
      expect(b.events.length).toBeGreaterThan(0);
      const ids = new Set([...a.events, ...b.events].map((e) => e.value.event_id));
      expect(ids.size).toBe(80);
      const partitionsA = new Set(a.events.map((e) => e.partition));
      const partitionsB = new Set(b.events.map((e) => e.partition));
      expect([...partitionsA].filter((p) => partitionsB.has(p))).toEqual([]);
      expect(new Set(other.events.map((e) => e.value.event_id)).size).toBe(80);
    });

    it("lets a handler work longer than the group's session timeout without losing its partition", async () => {
      // A cold scoring thread may take tens of seconds on its first batch; the member must stay
      // in the group meanwhile, or the batch is taken over, redone, and never finishes. Without
      // sessions the handler is still slow, and must still be waited for and committed once.
      const slowMs =
        adapter.groupSessionTimeoutMs === undefined ? 1_000 : adapter.groupSessionTimeoutMs + 4_000;
      const bus = await fresh();
      const group = uniqueName("slow");
      const calls: number[] = [];
      await collect(bus, {
        groupId: group,
        handleBatch: async (batch) => {
          calls.push(batch.length);
          if (calls.length === 1) await new Promise((r) => setTimeout(r, slowMs));
        },
      });
      await bus.publish(TOPIC, [probe("slow-key", 1)]);
      const end = await bus.endOffsets(TOPIC);
      await waitFor(
        "the slow batch committed",
        async () => sameOffsets(await bus.committedOffsets(group, TOPIC), end),
        40_000,
      );
      expect(calls).toEqual([1]);
    }, 60_000);

    it("redelivers after a handler failure and commits only what was handled", async () => {
      const bus = await fresh();
      const group = uniqueName("retry");
      let failures = 0;
      const handled: ConsumedEvent[] = [];
      await collect(bus, {
        groupId: group,
        maxAttempts: 5,
        handleBatch: async (batch) => {
          if (batch.some((e) => e.value.seq === 3) && failures < 2) {
            failures++;
            throw new Error("transient downstream failure");
          }
          handled.push(...batch);
        },
      });
      await bus.publish(
        TOPIC,
        Array.from({ length: 10 }, (_, i) => probe("same-key", i)),
      );
      await waitFor("10 handled", () => new Set(handled.map((e) => e.value.seq)).size === 10);
      expect(failures).toBe(2);
      const end = await bus.endOffsets(TOPIC);
      await waitFor("commit to reach the end", async () =>
        sameOffsets(await bus.committedOffsets(group, TOPIC), end),
      );
      const dlq = await bus.endOffsets(dlqTopicOf(TOPIC));
      expect(sum(dlq)).toBe(0);
    });

    it("dead-letters undecodable messages with the reason and goes on with the next", async () => {
      const bus = await fresh();
      const c = await collect(bus);
      const key = "poison-key";
      await bus.publish(TOPIC, [probe(key, 1)]);
      await bus.publishRaw(TOPIC, [
        { key, value: Buffer.from("not avro at all") },
        { key, value: frame(2_000_000_000, Buffer.from([2, 4, 6])) },
        { key, value: null },
      ]);
      await bus.publish(TOPIC, [probe(key, 2)]);
      await waitFor("the events around the poison", () => c.events.length >= 2);
      expect(c.events.map((e) => e.value.seq)).toEqual([1, 2]);
      const { letters } = await readDlqRaw(bus);
      await waitFor("3 dead letters", () => letters.length >= 3);
      expect(letters.map((l) => l.headers[DLQ_HEADERS.reason]).sort()).toEqual([
        "bad-magic-byte",
        "empty-value",
        "unknown-schema-id",
      ]);
      for (const l of letters) {
        expect(l.key).toBe(key);
        expect(l.headers[DLQ_HEADERS.topic]).toBe(TOPIC);
        expect(l.headers[DLQ_HEADERS.offset]).toMatch(/^\d+$/);
        expect(l.headers[DLQ_HEADERS.detail]?.length).toBeGreaterThan(0);
      }
      const original = letters.find((l) => l.headers[DLQ_HEADERS.reason] === "bad-magic-byte");
      expect(original?.value?.toString()).toBe("not avro at all");
    });

    it("dead-letters a message that keeps failing, handles the rest of its batch, and goes on", async () => {
      const bus = await fresh();
      const handled: number[] = [];
      await collect(bus, {
        maxAttempts: 2,
        handleBatch: async (batch) => {
          if (batch.some((e) => e.value.note === "bad")) throw new Error("cannot handle note=bad");
          handled.push(...batch.map((e) => e.value.seq as number));
        },
      });
      await bus.publish(TOPIC, [probe("k", 1), probe("k", 2, "bad"), probe("k", 3)]);
      await bus.publish(TOPIC, [probe("k", 4)]);
      await waitFor(
        "the good events",
        () => handled.includes(1) && handled.includes(3) && handled.includes(4),
      );
      const { letters } = await readDlqRaw(bus);
      await waitFor("1 dead letter", () => letters.length >= 1);
      expect(letters).toHaveLength(1);
      expect(letters[0]?.headers[DLQ_HEADERS.reason]).toBe("handler-failed");
      expect(letters[0]?.headers[DLQ_HEADERS.detail]).toContain("cannot handle note=bad");
      expect(letters[0]?.headers[DLQ_HEADERS.attempts]).toBe("2");
      expect(handled).not.toContain(2);
    });

    it("dead-letters an unprocessable event at once", async () => {
      const bus = await fresh();
      let calls = 0;
      await collect(bus, {
        maxAttempts: 5,
        handleBatch: async (batch) => {
          calls++;
          if (batch.some((e) => e.value.note === "never"))
            throw new UnprocessableEventError("vessel unknown");
        },
      });
      await bus.publish(TOPIC, [probe("k", 1, "never")]);
      const { letters } = await readDlqRaw(bus);
      await waitFor("1 dead letter", () => letters.length >= 1);
      expect(letters[0]?.headers[DLQ_HEADERS.reason]).toBe("unprocessable");
      expect(calls).toBeLessThanOrEqual(2);
    });

    it("dead-letters only the events a handler names unprocessable, at once, and counts the rest handled", async () => {
      const bus = await fresh();
      let calls = 0;
      const handled: number[] = [];
      await collect(bus, {
        maxAttempts: 5,
        handleBatch: async (batch) => {
          calls++;
          handled.push(
            ...batch.filter((e) => e.value.note !== "never").map((e) => e.value.seq as number),
          );
          const rejected = batch
            .filter((e) => e.value.note === "never")
            .map((event) => ({ event, reason: "occurred_at out of range" }));
          if (rejected.length > 0) throw new UnprocessableEventsError(rejected);
        },
      });
      await bus.publish(TOPIC, [probe("k", 1), probe("k", 2, "never"), probe("k", 3)]);
      await bus.publish(TOPIC, [probe("k", 4)]);
      await waitFor("the events after it", () => handled.includes(4));
      const { letters } = await readDlqRaw(bus);
      await waitFor("1 dead letter", () => letters.length >= 1);
      expect(letters).toHaveLength(1);
      expect(letters[0]?.headers[DLQ_HEADERS.reason]).toBe("unprocessable");
      expect(letters[0]?.headers[DLQ_HEADERS.detail]).toBe("occurred_at out of range");
      expect(new Set(handled)).toEqual(new Set([1, 3, 4]));
      // No retries and no one-by-one isolation: one call for the batch, one for the next.
      expect(calls).toBeLessThanOrEqual(2);
    });

    it("keeps, and does not dead-letter, a batch while the handler's dependency is down", async () => {
      const bus = await fresh();
      let up = false;
      const handled: number[] = [];
      await collect(bus, {
        maxAttempts: 2,
        dependencyHealthy: async () => up,
        handleBatch: async (batch) => {
          if (!up) throw new Error("ClickHouse unreachable");
          handled.push(...batch.map((e) => e.value.seq as number));
        },
      });
      await bus.publish(TOPIC, [probe("k", 1), probe("k", 2)]);
      await new Promise((r) => setTimeout(r, 300));
      expect(handled).toEqual([]);
      up = true;
      await waitFor("recovery", () => handled.length >= 2);
      expect(handled).toEqual([1, 2]);
      expect(sum(await bus.endOffsets(dlqTopicOf(TOPIC)))).toBe(0);
    });

    it("loses nothing and, with an idempotent handler, duplicates nothing when a consumer dies before committing", async () => {
      const bus = await fresh();
      const group = uniqueName("crash");
      const effects = new Map<string, number>(); // event id -> times seen (the durable effect is keyed by id)
      const deliveries: string[] = [];
      let crashed = false;
      const holder: { sub?: Subscription } = {};
      const handleBatch = async (batch: ConsumedEvent[]) => {
        for (const e of batch) {
          deliveries.push(e.value.event_id);
          effects.set(e.value.event_id, (effects.get(e.value.event_id) ?? 0) + 1);
        }
        if (!crashed) {
          crashed = true;
          await holder.sub?.abort(); // dies after the effect, before the commit
        }
      };
      const first = await bus.subscribe({
        groupId: group,
        topics: [TOPIC],
        fromBeginning: true,
        handleBatch,
      });
      holder.sub = first;
      await first.ready;
      const sent = Array.from({ length: 20 }, (_, i) => probe("one-key", i));
      await bus.publish(TOPIC, sent);
      await waitFor("the crash", () => crashed);
      expect(sum(await bus.committedOffsets(group, TOPIC))).toBe(0);

      const deliveredBeforeRestart = deliveries.length;
      const second = await bus.subscribe({
        groupId: group,
        topics: [TOPIC],
        fromBeginning: true,
        handleBatch,
      });
      await second.ready;
      await waitFor(
        "redelivery after restart",
        () => deliveries.length >= deliveredBeforeRestart + 1 && effects.size === 20,
      );
      const end = await bus.endOffsets(TOPIC);
      await waitFor("commit to reach the end", async () =>
        sameOffsets(await bus.committedOffsets(group, TOPIC), end),
      );
      // What the dead consumer handled came again (at least once), yet keyed by event id every
      // effect exists exactly once and none is missing.
      const redelivered = deliveries.slice(deliveredBeforeRestart);
      expect(redelivered).toEqual(
        expect.arrayContaining(deliveries.slice(0, deliveredBeforeRestart)),
      );
      expect(new Set(sent.map((s) => s.value.event_id))).toEqual(new Set(effects.keys()));
    });
  });
}

async function readDlqRaw(bus: EventBus<EventMap>) {
  const letters: RawRecord[] = [];
  // Dead letters keep their original (possibly undecodable) bytes, so read them below the codec.
  await bus.inspect(dlqTopicOf(TOPIC), (records) => {
    letters.push(...records);
  });
  return { letters };
}

function sum(offsets: Map<number, string>): number {
  return [...offsets.values()].reduce((a, o) => a + Number(o), 0);
}

function sameOffsets(committed: Map<number, string>, end: Map<number, string>): boolean {
  return [...end].every(([p, o]) => o === "0" || committed.get(p) === o);
}
