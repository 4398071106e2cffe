import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FastState } from "../../services/platform/limits/port";
import { FeedStatusStore } from "../../services/weather/feeds/status";

/**
 * What health reads of a feed's state must be the same whichever adapter keeps it: the feed
 * writes through one connection (its process), the API reads through another.
 */
export function feedStatusContract(name: string, make: () => Promise<FastState>): void {
  describe(`feed status contract: ${name}`, () => {
    let writer: FastState;
    let reader: FastState;
    const T = Date.UTC(2026, 8, 20, 17);
    const C00 = Date.UTC(2026, 8, 20, 0);
    const C06 = Date.UTC(2026, 8, 20, 6);

    beforeEach(async () => {
      writer = await make();
      // The memory adapter is one process: writer and reader are the same instance there.
      reader = name === "memory" ? writer : await make();
    });
    afterEach(async () => {
      await writer.close();
      if (reader !== writer) await reader.close();
    });

    it("keeps the last poll, the newest cycle landed and the bytes fetched, per model", async () => {
      const model = `gfs-${randomUUID()}`;
      const feed = new FeedStatusStore(writer);
      const health = new FeedStatusStore(reader);
      expect(await health.get(model)).toBeNull();

      await feed.recordPoll(model, {
        atMs: T,
        result: "landed",
        cycleMs: C06,
        landedAtMs: T + 60_000,
        bytes: 1_000,
      });
      await feed.recordPoll(model, { atMs: T + 300_000, result: "up_to_date", cycleMs: C06 });
      await feed.recordPoll(model, {
        atMs: T + 600_000,
        result: "failed",
        error: { code: "feed_unreachable", message: "no route" },
      });
      expect(await health.get(model)).toEqual({
        model,
        last_poll_utc: new Date(T + 600_000).toISOString(),
        last_poll_result: "failed",
        last_error: { code: "feed_unreachable", message: "no route" },
        last_cycle_utc: new Date(C06).toISOString(),
        last_landed_utc: new Date(T + 60_000).toISOString(),
        bytes_fetched: 1_000,
        last_cycle_bytes: 1_000,
      });

      // An older cycle found later (a clock moved back) does not move the feed back; bytes add up.
      await feed.recordPoll(model, {
        atMs: T + 900_000,
        result: "landed",
        cycleMs: C00,
        landedAtMs: T + 900_000,
        bytes: 500,
      });
      expect(await health.get(model)).toMatchObject({
        last_cycle_utc: new Date(C06).toISOString(),
        last_error: null,
        bytes_fetched: 1_500,
        last_cycle_bytes: 500,
      });
    });

    it("answers the statuses of the models that have one", async () => {
      const [a, b] = [`gefs-${randomUUID()}`, `ens-${randomUUID()}`];
      await new FeedStatusStore(writer).recordPoll(a, { atMs: T, result: "not_published" });
      const all = await new FeedStatusStore(reader).all([a, b]);
      expect(all.map((s) => [s.model, s.last_poll_result, s.last_cycle_utc])).toEqual([
        [a, "not_published", null],
      ]);
    });
  });
}
