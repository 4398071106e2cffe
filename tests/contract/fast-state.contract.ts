import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  FastState,
  RateLimitDecision,
  RateLimitRule,
} from "../../services/platform/limits/port";
import { stepMs } from "../../services/platform/limits/rules";

/**
 * The behaviour every FastState adapter must have. The Redis and memory adapters both run it, so
 * the embedded default cannot drift from production. Windows here are real and short (a few
 * hundred ms): these are behaviour checks, not timing benchmarks, so the margins are generous.
 * `make({ now })` gives an adapter on the test's own clock (in epoch ms), for the window's edges.
 */
export function fastStateContract(
  name: string,
  make: (options?: { now?: () => number }) => Promise<FastState>,
  cleanup?: (s: FastState) => Promise<void>,
): void {
  describe(`FastState contract: ${name}`, () => {
    let state: FastState;
    /** Every test uses fresh keys, so nothing depends on test order or leftovers. */
    const freshKey = (label: string) => `${label}-${randomUUID()}`;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const hits = async (key: string, rules: RateLimitRule[], n: number) => {
      const out: RateLimitDecision[] = [];
      for (let i = 0; i < n; i++) out.push(await state.consume(key, rules));
      return out;
    };

    beforeEach(async () => {
      state = await make();
    });

    afterEach(async () => {
      await cleanup?.(state);
      await state.close();
    });

    describe("consume", () => {
      it("allows `limit` hits, then refuses with retryAfterMs in (0, windowMs + one step]", async () => {
        const rules = [{ name: "minute", limit: 3, windowMs: 60_000 }];
        const key = freshKey("n-hits");
        const allowed = await hits(key, rules, 3);
        for (const d of allowed) {
          expect(d).toMatchObject({ allowed: true, rule: "minute", limit: 3, retryAfterMs: 0 });
        }
        const refused = await state.consume(key, rules);
        expect(refused).toMatchObject({ allowed: false, rule: "minute", limit: 3, remaining: 0 });
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        // A hit is counted until its step (1/60 of the window) has left the window.
        expect(refused.retryAfterMs).toBeLessThanOrEqual(
          60_000 + stepMs(rules[0] as RateLimitRule),
        );
        // Still refused: refusals do not reset or extend anything.
        expect((await state.consume(key, rules)).allowed).toBe(false);
      });

      it("counts remaining down exactly: limit-1, ..., 0", async () => {
        const rules = [{ name: "minute", limit: 5, windowMs: 60_000 }];
        const decisions = await hits(freshKey("countdown"), rules, 5);
        expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0]);
        expect(decisions.every((d) => d.allowed)).toBe(true);
      });

      it("reports resetAtMs as the epoch ms the oldest counted hit leaves the window", async () => {
        const rules = [{ name: "w", limit: 5, windowMs: 2_000 }];
        const key = freshKey("reset");
        const before = Date.now();
        const first = await state.consume(key, rules);
        const after = Date.now();
        // Redis uses its server clock; same host, so a small tolerance is enough.
        expect(first.resetAtMs).toBeGreaterThanOrEqual(before + 2_000 - 50);
        expect(first.resetAtMs).toBeLessThanOrEqual(
          after + 2_000 + stepMs(rules[0] as RateLimitRule) + 50,
        );
        await sleep(150);
        const second = await state.consume(key, rules);
        // Later hits do not push it out: the first hit is still the oldest counted.
        expect(Math.abs(second.resetAtMs - first.resetAtMs)).toBeLessThanOrEqual(25);
      });

      it("binds to the rule with the fewest hits left, ties going to the longer window", async () => {
        const tight = [
          { name: "minute", limit: 2, windowMs: 60_000 },
          { name: "hour", limit: 100, windowMs: 3_600_000 },
        ];
        expect(await state.consume(freshKey("fewest"), tight)).toMatchObject({
          rule: "minute",
          limit: 2,
          remaining: 1,
        });
        const tied = [
          { name: "short", limit: 10, windowMs: 1_000 },
          { name: "long", limit: 10, windowMs: 60_000 },
          { name: "mid", limit: 10, windowMs: 30_000 },
        ];
        const d = await state.consume(freshKey("tie"), tied);
        expect(d).toMatchObject({ rule: "long", remaining: 9 });
        expect(d.resetAtMs - Date.now()).toBeGreaterThan(30_000);
      });

      it("a refused hit consumes none of the other rules", async () => {
        const rules = [
          { name: "minute", limit: 3, windowMs: 300 },
          { name: "hour", limit: 5, windowMs: 60_000 },
        ];
        const key = freshKey("atomic-rules");
        const first = await hits(key, rules, 5);
        expect(first.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
        expect(first[3]).toMatchObject({ rule: "minute", remaining: 0 });
        expect(first[3]?.retryAfterMs).toBeLessThanOrEqual(300 + stepMs(rules[0] as RateLimitRule));

        // The minute window (300 ms) has slid past those hits; a fixed sleep keeps a broken
        // adapter from making this test wait out the hour.
        await sleep(400);

        // Had the two refused hits been counted against "hour", it would be full already.
        const second = await hits(key, rules, 3);
        expect(second.map((d) => d.allowed)).toEqual([true, true, false]);
        expect(second[0]).toMatchObject({ rule: "hour", remaining: 1 });
        expect(second[1]).toMatchObject({ rule: "hour", remaining: 0 });
        expect(second[2]).toMatchObject({ allowed: false, rule: "hour", limit: 5, remaining: 0 });
        // The hour's window keeps the caller waiting far longer than the minute's.
        expect(second[2]?.retryAfterMs).toBeGreaterThan(1_000);
        expect(second[2]?.retryAfterMs).toBeLessThanOrEqual(
          60_000 + stepMs(rules[1] as RateLimitRule),
        );
      });

      it("retryAfterMs is the longest wait among the refusing rules", async () => {
        const rules = [
          { name: "burst", limit: 1, windowMs: 10_000 },
          { name: "day", limit: 1, windowMs: 86_400_000 },
        ];
        const key = freshKey("longest");
        await state.consume(key, rules);
        const refused = await state.consume(key, rules);
        expect(refused).toMatchObject({ allowed: false, rule: "day", remaining: 0 });
        expect(refused.retryAfterMs).toBeGreaterThan(10_000 + stepMs(rules[0] as RateLimitRule));
        expect(refused.retryAfterMs).toBeLessThanOrEqual(
          86_400_000 + stepMs(rules[1] as RateLimitRule),
        );
      });

      it("has the whole limit again once the window has slid past every hit", async () => {
        const rules = [{ name: "short", limit: 2, windowMs: 300 }];
        const key = freshKey("reopen");
        const [, last] = await hits(key, rules, 2);
        const refused = await state.consume(key, rules);
        expect(refused.allowed).toBe(false);
        await sleep(300 + stepMs(rules[0] as RateLimitRule) + 100);
        const reopened = await state.consume(key, rules);
        expect(reopened).toMatchObject({ allowed: true, remaining: 1 });
        expect(reopened.resetAtMs).toBeGreaterThan(last?.resetAtMs ?? 0);
      });

      it("keeps different keys independent", async () => {
        const rules = [{ name: "minute", limit: 2, windowMs: 60_000 }];
        const a = freshKey("a");
        const b = freshKey("b");
        await hits(a, rules, 2);
        expect((await state.consume(a, rules)).allowed).toBe(false);
        expect(await state.consume(b, rules)).toMatchObject({ allowed: true, remaining: 1 });
      });

      it("allows exactly `limit` of many concurrent hits, each remaining value once", async () => {
        const rules = [
          { name: "minute", limit: 10, windowMs: 60_000 },
          { name: "hour", limit: 1_000, windowMs: 3_600_000 },
        ];
        const key = freshKey("concurrent");
        const decisions = await Promise.all(
          Array.from({ length: 50 }, () => state.consume(key, rules)),
        );
        const allowed = decisions.filter((d) => d.allowed);
        expect(allowed).toHaveLength(10);
        expect(allowed.map((d) => d.remaining).sort((x, y) => x - y)).toEqual([
          0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
        ]);
        // The refused 40 did not count against the hour: 10 of 1000 used, 990 left after one more.
        const after = await state.consume(key, [
          { name: "hour", limit: 1_000, windowMs: 3_600_000 },
        ]);
        expect(after).toMatchObject({ allowed: true, rule: "hour", remaining: 989 });
      });

      describe("a sliding window, on the test's clock", () => {
        /** A clock the test moves by hand: window edges without sleeping. */
        const manualClock = (start = Date.UTC(2026, 10, 22, 1)) => {
          let nowMs = start;
          return { now: () => nowMs, advance: (ms: number) => (nowMs += ms) };
        };
        let clocked: FastState;
        let clock: ReturnType<typeof manualClock>;
        beforeEach(async () => {
          clock = manualClock();
          clocked = await make({ now: clock.now });
        });
        afterEach(async () => {
          await cleanup?.(clocked);
          await clocked.close();
        });
        const burst = async (key: string, rules: RateLimitRule[], n: number) => {
          const out: boolean[] = [];
          for (let i = 0; i < n; i++) out.push((await clocked.consume(key, rules)).allowed);
          return out;
        };

        it("lets no more than `limit` through across a window's boundary: N at the end of one window and N at the start of the next do not all pass", async () => {
          const limit = 5;
          const rules = [{ name: "minute", limit, windowMs: 60_000 }];
          const key = freshKey("boundary");
          // The key's first hit: a fixed window would open here and close 60 s later.
          expect(await burst(key, rules, 1)).toEqual([true]);
          clock.advance(59_990);
          expect(await burst(key, rules, limit - 1)).toEqual([true, true, true, true]);
          clock.advance(20); // just past the fixed window's end
          const next = await burst(key, rules, limit);
          // 2N-1 requests within 20 ms: a fixed window lets all of these through.
          expect(next.filter(Boolean).length).toBeLessThanOrEqual(1);
          expect(next).not.toEqual(Array(limit).fill(true));
        });

        it("never lets more than `limit` through in any span of windowMs, and gives room back as hits leave", async () => {
          const rules = [{ name: "w", limit: 4, windowMs: 10_000 }];
          const key = freshKey("any-span");
          const allowedAt: number[] = [];
          // Hits every 700-1,900 ms for five windows, in a fixed pattern.
          for (let i = 0; i < 40; i++) {
            clock.advance(700 + ((i * 617) % 1_200));
            const d = await clocked.consume(key, rules);
            if (d.allowed) allowedAt.push(clock.now());
            else expect(d.retryAfterMs).toBeGreaterThan(0);
          }
          for (const t of allowedAt) {
            expect(allowedAt.filter((u) => u > t - 10_000 && u <= t).length).toBeLessThanOrEqual(4);
          }
          // Not a trickle: about four an interval of 10 s got through (40 hits over ~52 s).
          expect(allowedAt.length).toBeGreaterThanOrEqual(16);
        });

        it("says when to retry: a refused caller retrying after retryAfterMs is let through", async () => {
          const rules = [{ name: "w", limit: 3, windowMs: 60_000 }];
          const key = freshKey("retry");
          await burst(key, rules, 1);
          clock.advance(20_000);
          await burst(key, rules, 2);
          const refused = await clocked.consume(key, rules);
          expect(refused).toMatchObject({ allowed: false, remaining: 0 });
          // The first hit leaves the window about 40 s from now, not 60 s after the last.
          expect(refused.retryAfterMs).toBeGreaterThan(39_000);
          expect(refused.retryAfterMs).toBeLessThanOrEqual(42_000);
          expect(refused.resetAtMs).toBe(clock.now() + refused.retryAfterMs);
          clock.advance(refused.retryAfterMs - 1);
          expect((await clocked.consume(key, rules)).allowed).toBe(false);
          clock.advance(1);
          expect(await clocked.consume(key, rules)).toMatchObject({ allowed: true, remaining: 0 });
        });
      });

      it("rejects rules it cannot honour, counting nothing", async () => {
        const key = freshKey("invalid");
        await expect(state.consume(key, [])).rejects.toThrow(RangeError);
        await expect(state.consume(key, [{ name: "m", limit: 0, windowMs: 1000 }])).rejects.toThrow(
          /limit/,
        );
        await expect(state.consume(key, [{ name: "m", limit: 1, windowMs: 0 }])).rejects.toThrow(
          /windowMs/,
        );
        await expect(
          state.consume(key, [{ name: "a:b", limit: 1, windowMs: 1000 }]),
        ).rejects.toThrow(/name/);
        expect(await state.consume(key, [{ name: "m", limit: 1, windowMs: 1000 }])).toMatchObject({
          allowed: true,
          remaining: 0,
        });
      });
    });

    describe("cache", () => {
      it("gets what was set, null when absent, and overwrites", async () => {
        const key = freshKey("kv");
        expect(await state.get(key)).toBeNull();
        await state.set(key, "one");
        expect(await state.get(key)).toBe("one");
        await state.set(key, "two");
        expect(await state.get(key)).toBe("two");
      });

      it("expires an entry after its ttl", async () => {
        const key = freshKey("ttl");
        await state.set(key, "short-lived", 200);
        expect(await state.get(key)).toBe("short-lived");
        await sleep(300);
        expect(await state.get(key)).toBeNull();
      });

      it("a set without ttl clears an earlier expiry (like Redis SET)", async () => {
        const key = freshKey("persist");
        await state.set(key, "v1", 200);
        await state.set(key, "v2");
        await sleep(300);
        expect(await state.get(key)).toBe("v2");
      });

      it("setIfAbsent sets only when absent, and again once the entry expired", async () => {
        const key = freshKey("nx");
        expect(await state.setIfAbsent(key, "first", 200)).toBe(true);
        expect(await state.setIfAbsent(key, "second", 200)).toBe(false);
        expect(await state.get(key)).toBe("first");
        await sleep(300);
        expect(await state.setIfAbsent(key, "third")).toBe(true);
        expect(await state.get(key)).toBe("third");
      });

      it("setIfAbsent lets exactly one of many concurrent callers win", async () => {
        const key = freshKey("lease");
        const results = await Promise.all(
          Array.from({ length: 25 }, (_, i) => state.setIfAbsent(key, `owner-${i}`, 60_000)),
        );
        const winners = results.flatMap((won, i) => (won ? [i] : []));
        expect(winners).toHaveLength(1);
        expect(await state.get(key)).toBe(`owner-${winners[0]}`);
      });

      it("deletes an entry, and deleting an absent key is a no-op", async () => {
        const key = freshKey("del");
        await state.set(key, "v");
        await state.delete(key);
        expect(await state.get(key)).toBeNull();
        await expect(state.delete(key)).resolves.toBeUndefined();
        expect(await state.setIfAbsent(key, "again")).toBe(true);
      });

      it("rejects a ttl it cannot honour", async () => {
        const key = freshKey("bad-ttl");
        await expect(state.set(key, "v", 0)).rejects.toThrow(RangeError);
        await expect(state.setIfAbsent(key, "v", 1.5)).rejects.toThrow(RangeError);
        expect(await state.get(key)).toBeNull();
      });

      it("keeps cache keys apart from rate-limit counters", async () => {
        const key = freshKey("shared-name");
        await state.consume(key, [{ name: "minute", limit: 5, windowMs: 60_000 }]);
        expect(await state.get(key)).toBeNull();
        await state.set(`rls:{${key}}:minute`, "not-a-counter");
        expect(
          await state.consume(key, [{ name: "minute", limit: 5, windowMs: 60_000 }]),
        ).toMatchObject({ allowed: true, remaining: 3 });
      });
    });

    it("reports itself up with a measured latency", async () => {
      const health = await state.health();
      expect(health).toMatchObject({ adapter: state.adapter, status: "up" });
      expect(health.latency_ms).toBeGreaterThanOrEqual(0);
    });
  });
}
