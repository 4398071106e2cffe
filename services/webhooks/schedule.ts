import { createHash } from "node:crypto";

/**
 * When to try a webhook delivery again, and what a response means.
 *
 * Backoff: the wait after failed attempt n is base(n) = 10 s * 3^(n-1), capped at 1 hour, times a
 * jitter factor in [0.8, 1.0]. Jitter spreads the retries of many deliveries that failed together
 * (a receiver's outage) so they do not return in one burst. It is deterministic: drawn from a
 * hash of (delivery id, attempt), because everything random on this platform takes a seed, and
 * a replayed or re-planned delivery must land on the same schedule.
 *
 *   after attempt   base      delay range
 *   1               10 s      8 s - 10 s
 *   2               30 s      24 s - 30 s
 *   3               90 s      72 s - 90 s
 *   4               4.5 min   3.6 min - 4.5 min
 *   5               13.5 min  10.8 min - 13.5 min
 *   6               40.5 min  32.4 min - 40.5 min
 *   7 .. 31         1 h       48 min - 60 min
 *   32 (the last)   -         null: dead-letter the delivery
 *
 * So MAX_ATTEMPTS = 32 tries span 20.8 h to 26.0 h (about 23.4 h on average) from the first.
 * A Retry-After longer than the backoff is honoured, up to the same 1-hour cap per step.
 *
 * `scale` (WEBHOOK_RETRY_SCALE, 1 in production) multiplies every wait and the cap, keeping the
 * schedule's shape: tests and drills run a day's schedule in minutes with 0.001.
 */

/** Total attempts per delivery, the first one included. */
export const MAX_ATTEMPTS = 32;

export const FIRST_RETRY_DELAY_MS = 10_000;
export const BACKOFF_FACTOR = 3;
/** No single wait is longer than this, Retry-After included. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** The jitter factor's lower end; its upper end is 1 (jitter only ever shortens a wait). */
export const MIN_JITTER_FACTOR = 0.8;

/**
 * The wait before the next attempt, after attempt number `attempt` (1 = the first delivery)
 * failed with a retryable outcome; null when that was the last attempt. retryAfterMs is the
 * receiver's Retry-After, if any. Throws RangeError on an attempt that is not an integer >= 1.
 */
export function nextAttemptDelayMs(
  attempt: number,
  deliveryId: string,
  retryAfterMs?: number,
  scale = 1,
): number | null {
  const range = retryDelayRangeMs(attempt, scale);
  if (range === null) return null;

  const u = unitHash(deliveryId, attempt);
  const backoff = Math.round(range.minMs + (range.maxMs - range.minMs) * u);

  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs > backoff) {
    return Math.ceil(Math.min(retryAfterMs, MAX_RETRY_DELAY_MS * scale));
  }
  return backoff;
}

/**
 * The envelope of the backoff after failed attempt `attempt` (before any Retry-After): every
 * jittered wait lies in [minMs, maxMs]. Null after the last attempt. Non-decreasing in attempt.
 */
export function retryDelayRangeMs(
  attempt: number,
  scale = 1,
): { minMs: number; maxMs: number } | null {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError(`attempt must be an integer >= 1, got ${attempt}`);
  }
  if (!(scale > 0) || !Number.isFinite(scale)) {
    throw new RangeError(`scale must be a positive number, got ${scale}`);
  }
  if (attempt >= MAX_ATTEMPTS) return null;
  const base =
    Math.min(FIRST_RETRY_DELAY_MS * BACKOFF_FACTOR ** (attempt - 1), MAX_RETRY_DELAY_MS) * scale;
  return { minMs: base * MIN_JITTER_FACTOR, maxMs: base };
}

/** A number in [0, 1) fixed by (deliveryId, attempt): the first 32 bits of a SHA-256. */
function unitHash(deliveryId: string, attempt: number): number {
  const digest = createHash("sha256").update(`${deliveryId}\n${attempt}`, "utf8").digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/**
 * - delivered: 2xx.
 * - retry: 408 Request Timeout, 429 Too Many Requests and every 5xx: the receiver is busy,
 *   down or broken for now. (Network errors and timeouts, which have no status, are retried too;
 *   deliverOnce reports them as retry.)
 * - gone: 410 Gone, the receiver says the endpoint is retired for good: disable the
 *   subscription, do not retry.
 * - rejected: everything else, i.e. 3xx (redirects are not followed: the subscription URL must
 *   name the final endpoint) and the other 4xx (400, 401, 403, 404, 413, 422 ...). The receiver
 *   deliberately refused these exact bytes, and resending them cannot change its answer, so the
 *   delivery is dead-lettered at once with the status (to be replayed once the receiver is fixed)
 *   instead of hammering it 31 more times over a day.
 */
export type ResponseOutcome = "delivered" | "retry" | "gone" | "rejected";

export interface ResponseClassification {
  outcome: ResponseOutcome;
  /** The response's Retry-After as a wait from nowMs, when present and valid. */
  retryAfterMs?: number;
}

export function classifyResponse(
  status: number,
  retryAfterHeader: string | undefined,
  nowMs: number,
): ResponseClassification {
  const retryAfterMs =
    retryAfterHeader === undefined ? undefined : parseRetryAfter(retryAfterHeader, nowMs);
  const outcome = outcomeOf(status);
  return retryAfterMs === undefined ? { outcome } : { outcome, retryAfterMs };
}

function outcomeOf(status: number): ResponseOutcome {
  if (status >= 200 && status <= 299) return "delivered";
  if (status === 410) return "gone";
  if (status === 408 || status === 429 || (status >= 500 && status <= 599)) return "retry";
  return "rejected";
}

/** A Retry-After beyond a day is treated as a day; the schedule caps each wait at 1 h anyway. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** IMF-fixdate, the HTTP-date form senders must generate (RFC 9110 section 5.6.7). */
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * Retry-After (RFC 9110 section 10.2.3): delay-seconds (digits) or an HTTP-date, as a wait in ms
 * from nowMs (a date in the past is 0). Undefined for anything else. Only IMF-fixdate is read of
 * the date forms: the obsolete RFC 850 and asctime forms are rare and easy to misread.
 */
export function parseRetryAfter(value: string, nowMs: number): number | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  if (!IMF_FIXDATE.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - nowMs), MAX_RETRY_AFTER_MS);
}
