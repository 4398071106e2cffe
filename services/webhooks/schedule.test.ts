import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  classifyResponse,
  MAX_ATTEMPTS,
  MAX_RETRY_DELAY_MS,
  nextAttemptDelayMs,
  parseRetryAfter,
  retryDelayRangeMs,
} from "./schedule";

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

/** The documented table: base wait after each failed attempt (the 7th onwards: the 1 h cap). */
const DOCUMENTED_BASE_MS = [10 * S, 30 * S, 90 * S, 270 * S, 810 * S, 2430 * S];
function documentedBase(attempt: number): number {
  return DOCUMENTED_BASE_MS[attempt - 1] ?? H;
}

/** Many delivery ids, to see the whole jitter range. */
const IDS = Array.from({ length: 400 }, (_, i) => `dlv_${i.toString(16).padStart(8, "0")}`);

function delaysFor(attempt: number): number[] {
  return IDS.map((id) => nextAttemptDelayMs(attempt, id) as number);
}

describe("nextAttemptDelayMs", () => {
  it("keeps every wait within [0.8, 1.0] x the documented base", () => {
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const base = documentedBase(attempt);
      for (const delay of delaysFor(attempt)) {
        expect(delay).toBeGreaterThanOrEqual(Math.round(0.8 * base));
        expect(delay).toBeLessThanOrEqual(base);
        expect(Number.isInteger(delay)).toBe(true);
      }
    }
  });

  it("actually jitters: the waits of one step spread over most of the range", () => {
    for (const attempt of [1, 4, 10]) {
      const base = documentedBase(attempt);
      const delays = delaysFor(attempt);
      expect(Math.min(...delays)).toBeLessThan(0.82 * base);
      expect(Math.max(...delays)).toBeGreaterThan(0.98 * base);
      expect(new Set(delays).size).toBeGreaterThan(IDS.length / 2);
    }
  });

  it("has a non-decreasing envelope, matching the documented table", () => {
    let previous = { minMs: 0, maxMs: 0 };
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const range = retryDelayRangeMs(attempt);
      const base = documentedBase(attempt);
      expect(range, `attempt ${attempt}`).toEqual({ minMs: 0.8 * base, maxMs: base });
      if (range === null) throw new Error("unreachable");
      expect(range.minMs).toBeGreaterThanOrEqual(previous.minMs);
      expect(range.maxMs).toBeGreaterThanOrEqual(previous.maxMs);
      for (const delay of delaysFor(attempt)) {
        expect(delay).toBeGreaterThanOrEqual(range.minMs);
        expect(delay).toBeLessThanOrEqual(range.maxMs);
      }
      previous = range;
    }
    expect(retryDelayRangeMs(MAX_ATTEMPTS)).toBeNull();
  });

  it("never waits longer than the 1 h per-step cap", () => {
    expect(MAX_RETRY_DELAY_MS).toBe(H);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(Math.max(...delaysFor(attempt))).toBeLessThanOrEqual(H);
    }
  });

  it("spans about a day in all (20.8 h to 26 h), then returns null", () => {
    expect(MAX_ATTEMPTS).toBe(32);
    for (const id of IDS.slice(0, 50)) {
      let total = 0;
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        total += nextAttemptDelayMs(attempt, id) as number;
      }
      expect(total).toBeGreaterThanOrEqual(20.8 * H - 1000);
      expect(total).toBeLessThanOrEqual(26 * H);
    }
    expect(nextAttemptDelayMs(MAX_ATTEMPTS - 1, "dlv_x")).not.toBeNull();
    expect(nextAttemptDelayMs(MAX_ATTEMPTS, "dlv_x")).toBeNull();
    expect(nextAttemptDelayMs(MAX_ATTEMPTS + 5, "dlv_x", 10 * S)).toBeNull();
  });

  it("is deterministic in (deliveryId, attempt) and differs across both", () => {
    expect(nextAttemptDelayMs(3, "dlv_a")).toBe(nextAttemptDelayMs(3, "dlv_a"));
    expect(delaysFor(5)).toEqual(delaysFor(5));
    // Different ids at one step, and one id across capped steps, are not in lockstep.
    expect(nextAttemptDelayMs(3, "dlv_a")).not.toBe(nextAttemptDelayMs(3, "dlv_b"));
    const capped = Array.from({ length: 20 }, (_, i) => nextAttemptDelayMs(10 + i, "dlv_a"));
    expect(new Set(capped).size).toBeGreaterThan(10);
  });

  it("pins the jitter function (a change in the hash or its input shows here)", () => {
    // Independently: 8 s + 2 s x (first 32 bits of sha256("dlv_pinned\n1") / 2^32).
    const u = createHash("sha256").update("dlv_pinned\n1").digest().readUInt32BE(0) / 2 ** 32;
    expect(nextAttemptDelayMs(1, "dlv_pinned")).toBe(Math.round(8000 + 2000 * u));
  });

  it("honours a Retry-After longer than the backoff, capped at 1 h", () => {
    expect(nextAttemptDelayMs(1, "dlv_a", 120 * S)).toBe(120 * S);
    expect(nextAttemptDelayMs(1, "dlv_a", 120.4 * S)).toBe(120_400);
    expect(nextAttemptDelayMs(1, "dlv_a", 5 * H)).toBe(H);
    expect(nextAttemptDelayMs(20, "dlv_a", 2 * H)).toBe(H);
  });

  it("ignores a Retry-After shorter than the backoff, and nonsense values", () => {
    const backoff = nextAttemptDelayMs(4, "dlv_a");
    expect(nextAttemptDelayMs(4, "dlv_a", 1 * S)).toBe(backoff);
    expect(nextAttemptDelayMs(4, "dlv_a", 0)).toBe(backoff);
    expect(nextAttemptDelayMs(4, "dlv_a", -5 * H)).toBe(backoff);
    expect(nextAttemptDelayMs(4, "dlv_a", Number.NaN)).toBe(backoff);
    expect(nextAttemptDelayMs(4, "dlv_a", Number.POSITIVE_INFINITY)).toBe(backoff);
  });

  it("scales every wait and the cap by the scale, keeping the shape", () => {
    for (const attempt of [1, 3, 9]) {
      const full = retryDelayRangeMs(attempt) as { minMs: number; maxMs: number };
      expect(retryDelayRangeMs(attempt, 0.001)).toEqual({
        minMs: full.minMs * 0.001,
        maxMs: full.maxMs * 0.001,
      });
      const scaled = nextAttemptDelayMs(attempt, "dlv_a", undefined, 0.001) as number;
      expect(scaled).toBeGreaterThanOrEqual(full.minMs * 0.001 - 1);
      expect(scaled).toBeLessThanOrEqual(full.maxMs * 0.001 + 1);
    }
    // A Retry-After is the receiver's demand, kept as is up to the (scaled) cap.
    expect(nextAttemptDelayMs(1, "dlv_a", 2 * S, 0.001)).toBe(2 * S);
    expect(nextAttemptDelayMs(1, "dlv_a", 2 * H, 0.001)).toBe(H * 0.001);
    expect(nextAttemptDelayMs(MAX_ATTEMPTS, "dlv_a", undefined, 0.001)).toBeNull();
    expect(() => retryDelayRangeMs(1, 0)).toThrow(RangeError);
    expect(() => retryDelayRangeMs(1, Number.NaN)).toThrow(RangeError);
  });

  it("throws on an attempt number that is not an integer >= 1", () => {
    for (const attempt of [0, -1, 1.5, Number.NaN]) {
      expect(() => nextAttemptDelayMs(attempt, "dlv_a")).toThrow(RangeError);
    }
  });
});

describe("classifyResponse", () => {
  const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

  it.each([
    [200, "delivered"],
    [201, "delivered"],
    [202, "delivered"],
    [204, "delivered"],
    [299, "delivered"],
    [410, "gone"],
    [408, "retry"],
    [429, "retry"],
    [500, "retry"],
    [502, "retry"],
    [503, "retry"],
    [504, "retry"],
    [599, "retry"],
    [301, "rejected"],
    [302, "rejected"],
    [307, "rejected"],
    [308, "rejected"],
    [304, "rejected"],
    [400, "rejected"],
    [401, "rejected"],
    [403, "rejected"],
    [404, "rejected"],
    [413, "rejected"],
    [422, "rejected"],
    [100, "rejected"],
    [0, "rejected"],
    [600, "rejected"],
  ])("%i -> %s", (status, outcome) => {
    expect(classifyResponse(status, undefined, NOW)).toEqual({ outcome });
  });

  it("returns Retry-After in delay-seconds form as ms", () => {
    expect(classifyResponse(503, "120", NOW)).toEqual({ outcome: "retry", retryAfterMs: 120_000 });
    expect(classifyResponse(429, " 0 ", NOW)).toEqual({ outcome: "retry", retryAfterMs: 0 });
  });

  it("returns Retry-After in HTTP-date form as the wait from now", () => {
    const in90s = new Date(NOW + 90_000).toUTCString();
    expect(in90s).toMatch(/GMT$/);
    expect(classifyResponse(503, in90s, NOW)).toEqual({ outcome: "retry", retryAfterMs: 90_000 });
    expect(classifyResponse(429, "Sun, 01 Mar 2026 12:05:00 GMT", NOW)).toEqual({
      outcome: "retry",
      retryAfterMs: 5 * MIN,
    });
  });

  it("leaves out an unparseable Retry-After", () => {
    expect(classifyResponse(503, "soon", NOW)).toEqual({ outcome: "retry" });
  });
});

describe("parseRetryAfter (RFC 9110 section 10.2.3)", () => {
  const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("0", NOW)).toBe(0);
    expect(parseRetryAfter("7", NOW)).toBe(7000);
    expect(parseRetryAfter("3600", NOW)).toBe(3_600_000);
  });

  it("caps absurd values at a day", () => {
    expect(parseRetryAfter("99999999999999999999", NOW)).toBe(24 * H);
    expect(parseRetryAfter("Fri, 01 Jan 2100 00:00:00 GMT", NOW)).toBe(24 * H);
  });

  it("reads an IMF-fixdate; a past date is 0", () => {
    expect(parseRetryAfter("Sun, 01 Mar 2026 12:00:30 GMT", NOW)).toBe(30_000);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", NOW)).toBe(0);
  });

  it.each([
    "",
    "-5",
    "1.5",
    "1e3",
    "0x10",
    "soon",
    "2026-03-01T12:00:30Z",
    "Sunday, 01-Mar-26 12:00:30 GMT",
    "Sun Mar  1 12:00:30 2026",
    "Sun, 01 Mar 2026 12:00:30 +0000",
  ])("rejects %j", (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});
