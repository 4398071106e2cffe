import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Webhook signatures, scheme v1.
 *
 * The interface spec asks for two things that cannot both hold literally: the payload carries a
 * field `signature` ("v1,t=<unix_timestamp>,sig=<signature>", section 6.2), and the signature is
 * an HMAC-SHA256 over the raw request body (section 6.3). A MAC cannot cover bytes that contain
 * the MAC itself. Options considered:
 *
 * - Header only, no `signature` in the body: clean, but breaks receivers written to 6.2.
 * - Sign a re-serialisation of the parsed payload minus `signature`: every receiver would need
 *   a JSON canonicaliser that agrees byte for byte with ours (key order, number and Unicode
 *   formatting). Fragile; rejected.
 * - Sign the body as sent, except the characters of the signature value itself (chosen). The
 *   receiver rebuilds the signed bytes from the raw bytes with one suffix replacement, no JSON
 *   parsing, and every other byte of the body is covered.
 *
 * The scheme (what verifyWebhook implements, and what a receiver in any language does):
 *
 * 1. The body is compact JSON (no whitespace outside strings, no trailing newline) of one
 *    object whose LAST member is `"signature":"<S>"`, where S is exactly the value of the HTTP
 *    header `Voyage-Risk-Signature` (S = `v1,t=<T>,sig=<hex>`; it needs no JSON escaping).
 * 2. T is the signing time in whole Unix seconds. <hex> is lowercase hex of
 *    HMAC-SHA256 (RFC 2104, FIPS 180-4) keyed with the UTF-8 bytes of the whole webhook secret
 *    (including its `whsec_` prefix), over the bytes `<T>.<signed body>`, where the signed body
 *    is the raw body with S deleted: it ends in `"signature":""}` instead of `"signature":"<S>"}`.
 *    T is inside the MAC, so a captured delivery cannot be replayed under a fresh timestamp.
 * 3. A receiver: reads the header S; checks the raw body ends with `"signature":"<S>"}`;
 *    computes the HMAC over `<T>.` + (body without its last S.length + 2 bytes) + `"}`;
 *    compares in constant time; then rejects if |now - T| > 300 s (section 6.3 and 8).
 *
 * `Voyage-Risk-Timestamp` (T again) is a convenience for logs; only the T inside the signature
 * is authenticated. `Voyage-Risk-Event` is the event kind and `Voyage-Risk-Delivery-Id` is stable
 * across retries of one event to one subscription, for receivers' idempotency. Every retry is
 * signed afresh (new T), so retries hours later still pass the 5-minute check.
 *
 * Worked example. Secret `whsec_example-only-not-a-real-secret`, T = 1767225600
 * (2026-01-01T00:00:00Z), payload {"event":"voyage.completed","voyage_id":"voy_123"}:
 *
 *   MAC input: 1767225600.{"event":"voyage.completed","voyage_id":"voy_123","signature":""}
 *   sig:       7dee8893318daadb7632e6366c0f7a7d0987f2d8d3f1576f32de6962c8afd270
 *   header:    Voyage-Risk-Signature: v1,t=1767225600,sig=<sig>
 *   body:      {"event":"voyage.completed","voyage_id":"voy_123",
 *              "signature":"v1,t=1767225600,sig=<sig>"}    (one line, no whitespace)
 *
 * (The test "matches the documented worked example" recomputes sig independently.)
 */

export const SIGNATURE_HEADER = "Voyage-Risk-Signature";
export const TIMESTAMP_HEADER = "Voyage-Risk-Timestamp";
export const EVENT_HEADER = "Voyage-Risk-Event";
export const DELIVERY_ID_HEADER = "Voyage-Risk-Delivery-Id";

/** Section 6.3 and 8: a receiver rejects a timestamp more than 5 minutes from now, either way. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

export const SIGNATURE_VERSION = "v1";

/** The payload member that carries the signature; always the last member of the body. */
const SIGNATURE_FIELD = "signature";

/** v1 only; T is 1 to 15 digits (Number-safe), sig is 64 lowercase hex digits (32 bytes). */
const SIGNATURE_PATTERN = /^v1,t=(\d{1,15}),sig=([0-9a-f]{64})$/;

/** Longest header value looked at; anything longer is malformed before any regex runs. */
const MAX_SIGNATURE_HEADER_LENGTH = 128;

export type VerifyFailure =
  | "missing_signature"
  | "malformed_signature"
  | "bad_signature"
  | "timestamp_out_of_tolerance";

export type VerifyResult = { ok: true; payload: unknown } | { ok: false; reason: VerifyFailure };

export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

export interface SignOptions {
  /**
   * Stable per event and subscription (see webhookDeliveryId). Without it the id is derived
   * from the secret and the payload minus delivered_at, which is stable across retries only as
   * long as the producer builds the same payload each time.
   */
  deliveryId?: string;
}

/** A new per-subscription secret: `whsec_` + 32 random bytes, base64url (256 bits). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** The delivery id of one event to one subscription: the same for every retry. */
export function webhookDeliveryId(subscriptionId: string, eventId: string): string {
  const digest = createHmac("sha256", "voyage-risk-delivery-id")
    .update(`${subscriptionId}\n${eventId}`, "utf8")
    .digest("hex");
  return `dlv_${digest.slice(0, 32)}`;
}

/**
 * Signs one delivery attempt at nowMs. Deterministic for the same payload, secret, time and
 * options. Throws (a programming error, not hostile input) if the payload is not a plain
 * object, already has a `signature`, or lacks a string `event`.
 */
export function signWebhook(
  payloadWithoutSignature: object,
  secret: string,
  nowMs: number,
  options: SignOptions = {},
): SignedWebhook {
  if (
    payloadWithoutSignature === null ||
    typeof payloadWithoutSignature !== "object" ||
    Array.isArray(payloadWithoutSignature)
  ) {
    throw new TypeError("webhook payload must be a JSON object");
  }
  if (Object.hasOwn(payloadWithoutSignature, SIGNATURE_FIELD)) {
    throw new TypeError("webhook payload must not carry `signature`: signWebhook adds it");
  }
  const event = (payloadWithoutSignature as { event?: unknown }).event;
  if (typeof event !== "string" || event === "") {
    throw new TypeError("webhook payload must have a string `event` (the event kind)");
  }
  if (!Number.isFinite(nowMs)) throw new TypeError("nowMs must be a finite number");
  if (secret === "") throw new TypeError("webhook secret must not be empty");

  const json = JSON.stringify(payloadWithoutSignature);
  if (!json.startsWith("{") || !json.endsWith("}")) {
    throw new TypeError("webhook payload must serialise to a JSON object");
  }
  const t = Math.floor(nowMs / 1000);
  const withSignature = (value: string) =>
    `${json.slice(0, -1)}${json === "{}" ? "" : ","}"${SIGNATURE_FIELD}":"${value}"}`;

  const sig = macHex(secret, t, Buffer.from(withSignature(""), "utf8"));
  const signature = `${SIGNATURE_VERSION},t=${t},sig=${sig}`;
  const deliveryId = options.deliveryId ?? derivedDeliveryId(payloadWithoutSignature, secret);

  return {
    body: withSignature(signature),
    headers: {
      [SIGNATURE_HEADER]: signature,
      [TIMESTAMP_HEADER]: String(t),
      [EVENT_HEADER]: event,
      [DELIVERY_ID_HEADER]: deliveryId,
    },
  };
}

/**
 * Verifies a delivery from its raw bytes and headers alone (scheme above). Never throws: any
 * hostile or odd input is a failure with a reason. Order: the MAC first, then the clock, so
 * timestamp_out_of_tolerance means "genuine but stale or from a skewed clock".
 */
export function verifyWebhook(
  rawBody: string | Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  nowMs: number,
): VerifyResult {
  try {
    return verifyOrFail(rawBody, headers, secret, nowMs);
  } catch {
    // Nothing above is expected to throw; a receiver must still never crash on a request.
    return { ok: false, reason: "malformed_signature" };
  }
}

function verifyOrFail(
  rawBody: string | Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  nowMs: number,
): VerifyResult {
  const header = headerValues(headers, SIGNATURE_HEADER);
  if (header.length === 0) return { ok: false, reason: "missing_signature" };
  // Two signature headers (or Node's ", "-joined duplicates) are ambiguous: refuse, don't pick.
  if (header.length > 1) return { ok: false, reason: "malformed_signature" };
  const signature = header[0] as string;
  if (signature.length > MAX_SIGNATURE_HEADER_LENGTH) {
    return { ok: false, reason: "malformed_signature" };
  }
  const match = SIGNATURE_PATTERN.exec(signature);
  if (!match) return { ok: false, reason: "malformed_signature" };
  const t = Number(match[1]);
  const presented = Buffer.from(match[2] as string, "hex");

  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody;
  if (!Buffer.isBuffer(body)) return { ok: false, reason: "malformed_signature" };
  // The body must end with the signature member carrying exactly the header's value.
  const suffix = Buffer.from(`"${SIGNATURE_FIELD}":"${signature}"}`, "utf8");
  if (body.length < suffix.length || !body.subarray(body.length - suffix.length).equals(suffix)) {
    return { ok: false, reason: "bad_signature" };
  }
  const signedBody = Buffer.concat([
    body.subarray(0, body.length - signature.length - 2),
    Buffer.from('"}', "utf8"),
  ]);
  const expected = Buffer.from(macHex(secret, t, signedBody), "hex");
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) {
    return { ok: false, reason: "bad_signature" };
  }

  if (!Number.isFinite(nowMs) || Math.abs(nowMs - t * 1000) > SIGNATURE_TOLERANCE_MS) {
    return { ok: false, reason: "timestamp_out_of_tolerance" };
  }

  // Authenticated bytes from the secret holder; still, parse defensively.
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed_signature" };
  }
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    return { ok: false, reason: "malformed_signature" };
  }
  return { ok: true, payload };
}

/** hex HMAC-SHA256(secret, "<t>." + signedBody), RFC 2104. */
function macHex(secret: string, t: number, signedBody: Buffer): string {
  return createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(`${t}.`, "utf8")
    .update(signedBody)
    .digest("hex");
}

/**
 * Every non-empty value of a header, matching its name case-insensitively (RFC 9110 section
 * 5.1). Node joins repeated custom headers with ", ", so a comma-space inside counts as two.
 */
function headerValues(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string[] {
  if (headers === null || typeof headers !== "object") return [];
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (const [key, raw] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || raw === undefined) continue;
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value !== "string") {
        values.push("");
        continue;
      }
      for (const part of value.split(", ")) {
        const trimmed = part.trim();
        if (trimmed !== "") values.push(trimmed);
      }
    }
  }
  return values;
}

function derivedDeliveryId(payload: object, secret: string): string {
  const { delivered_at: _deliveredAt, ...identity } = payload as Record<string, unknown>;
  const digest = createHmac("sha256", Buffer.from(secret, "utf8"))
    .update("delivery-id.", "utf8")
    .update(JSON.stringify(identity), "utf8")
    .digest("hex");
  return `dlv_${digest.slice(0, 32)}`;
}
