import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  newWebhookSecret,
  SIGNATURE_TOLERANCE_MS,
  signWebhook,
  verifyWebhook,
  webhookDeliveryId,
} from "./signing";

const SECRET = "whsec_test-secret-for-unit-tests-only";
/** 2026-03-01T12:00:00Z, on a whole second. */
const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

/** Section 6.2 payload, without `signature`. */
const CROSSING = {
  event: "voyage.risk_threshold_crossed",
  delivered_at: "2026-03-01T12:00:00.000Z",
  voyage_id: "voy_01",
  vessel_id: "imo_9321483",
  risk_band_was: "moderate",
  risk_band_now: "high",
  trigger: { field: "wind_kts", threshold: 35, observed: 41.5, at: { lat: 47.1, lon: -8.25 } },
};

/** Node's IncomingHttpHeaders shape: lower-case names. */
function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function signed(nowMs = NOW) {
  return signWebhook(CROSSING, SECRET, nowMs);
}

describe("signWebhook / verifyWebhook round trip", () => {
  it("verifies what it signs and returns the payload, signature field included", () => {
    const { body, headers } = signed();
    const result = verifyWebhook(body, headers, SECRET, NOW);
    expect(result).toEqual({
      ok: true,
      payload: { ...CROSSING, signature: headers["Voyage-Risk-Signature"] },
    });
  });

  it("verifies from a Buffer and from lower-case (Node) or upper-case header names", () => {
    const { body, headers } = signed();
    expect(verifyWebhook(Buffer.from(body), lowerCased(headers), SECRET, NOW).ok).toBe(true);
    const upper = { "VOYAGE-RISK-SIGNATURE": headers["Voyage-Risk-Signature"] };
    expect(verifyWebhook(body, upper, SECRET, NOW).ok).toBe(true);
  });

  it("keeps non-ASCII payloads intact (the MAC is over UTF-8 bytes)", () => {
    const payload = { event: "voyage.advisory_changed", note: "Øresund — 海峡 ✓" };
    const { body, headers } = signWebhook(payload, SECRET, NOW);
    const result = verifyWebhook(Buffer.from(body, "utf8"), headers, SECRET, NOW);
    expect(result).toMatchObject({ ok: true, payload: { note: "Øresund — 海峡 ✓" } });
  });

  it("sends the signature, timestamp, event and delivery id headers", () => {
    const { body, headers } = signed();
    const t = String(NOW / 1000);
    expect(headers["Voyage-Risk-Signature"]).toMatch(new RegExp(`^v1,t=${t},sig=[0-9a-f]{64}$`));
    expect(headers["Voyage-Risk-Timestamp"]).toBe(t);
    expect(headers["Voyage-Risk-Event"]).toBe("voyage.risk_threshold_crossed");
    expect(headers["Voyage-Risk-Delivery-Id"]).toMatch(/^dlv_[0-9a-f]{32}$/);
    expect(JSON.parse(body).signature).toBe(headers["Voyage-Risk-Signature"]);
  });

  it("is deterministic for the same input and time, and re-signs with a new t later", () => {
    expect(signed()).toEqual(signed());
    const later = signed(NOW + 60_000);
    expect(later.headers["Voyage-Risk-Signature"]).not.toBe(
      signed().headers["Voyage-Risk-Signature"],
    );
  });

  it("keeps the delivery id across retries (delivered_at changes), and differs per subscription", () => {
    const first = signWebhook(CROSSING, SECRET, NOW);
    const retry = signWebhook(
      { ...CROSSING, delivered_at: "2026-03-01T13:00:00.000Z" },
      SECRET,
      NOW + 3_600_000,
    );
    const otherSubscription = signWebhook(CROSSING, newWebhookSecret(), NOW);
    expect(retry.headers["Voyage-Risk-Delivery-Id"]).toBe(first.headers["Voyage-Risk-Delivery-Id"]);
    expect(otherSubscription.headers["Voyage-Risk-Delivery-Id"]).not.toBe(
      first.headers["Voyage-Risk-Delivery-Id"],
    );
  });

  it("uses an explicit delivery id, which webhookDeliveryId derives stably", () => {
    const id = webhookDeliveryId("sub_1", "evt_1");
    expect(id).toBe(webhookDeliveryId("sub_1", "evt_1"));
    expect(id).not.toBe(webhookDeliveryId("sub_2", "evt_1"));
    expect(id).not.toBe(webhookDeliveryId("sub_1", "evt_2"));
    const { headers } = signWebhook(CROSSING, SECRET, NOW, { deliveryId: id });
    expect(headers["Voyage-Risk-Delivery-Id"]).toBe(id);
  });

  it("refuses payloads it cannot sign as specified", () => {
    expect(() => signWebhook({ ...CROSSING, signature: "x" }, SECRET, NOW)).toThrow(/signature/);
    expect(() => signWebhook({ voyage_id: "v" }, SECRET, NOW)).toThrow(/event/);
    expect(() => signWebhook([] as object, SECRET, NOW)).toThrow(/object/);
    expect(() => signWebhook(CROSSING, "", NOW)).toThrow(/secret/);
  });
});

describe("the scheme, pinned by independently computed test vectors", () => {
  it("matches the documented worked example in signing.ts", () => {
    const secret = "whsec_example-only-not-a-real-secret";
    const t = 1767225600;
    const sig = "7dee8893318daadb7632e6366c0f7a7d0987f2d8d3f1576f32de6962c8afd270";
    // Independent computation: HMAC-SHA256(secret, "<t>." + body with the signature emptied).
    const macInput = `${t}.{"event":"voyage.completed","voyage_id":"voy_123","signature":""}`;
    expect(createHmac("sha256", secret).update(macInput).digest("hex")).toBe(sig);

    const { body, headers } = signWebhook(
      { event: "voyage.completed", voyage_id: "voy_123" },
      secret,
      t * 1000,
    );
    expect(headers["Voyage-Risk-Signature"]).toBe(`v1,t=${t},sig=${sig}`);
    expect(body).toBe(
      `{"event":"voyage.completed","voyage_id":"voy_123","signature":"v1,t=${t},sig=${sig}"}`,
    );
  });

  it("signs a full section 6.2 payload exactly as a receiver would recompute it", () => {
    const { body, headers } = signed();
    const t = NOW / 1000;
    const expectedSignedBody =
      '{"event":"voyage.risk_threshold_crossed","delivered_at":"2026-03-01T12:00:00.000Z",' +
      '"voyage_id":"voy_01","vessel_id":"imo_9321483","risk_band_was":"moderate",' +
      '"risk_band_now":"high","trigger":{"field":"wind_kts","threshold":35,"observed":41.5,' +
      '"at":{"lat":47.1,"lon":-8.25}},"signature":""}';
    const sig = createHmac("sha256", SECRET).update(`${t}.${expectedSignedBody}`).digest("hex");
    expect(headers["Voyage-Risk-Signature"]).toBe(`v1,t=${t},sig=${sig}`);
    expect(body).toBe(
      expectedSignedBody.replace('"signature":""', `"signature":"v1,t=${t},sig=${sig}"`),
    );
  });

  it("accepts a delivery built by hand by the documented receiver rule", () => {
    const t = NOW / 1000;
    const signedBody = '{"event":"ensemble.ready","signature":""}';
    const sig = createHmac("sha256", SECRET).update(`${t}.${signedBody}`).digest("hex");
    const header = `v1,t=${t},sig=${sig}`;
    const body = `{"event":"ensemble.ready","signature":"${header}"}`;
    const result = verifyWebhook(body, { "voyage-risk-signature": header }, SECRET, NOW);
    expect(result).toEqual({ ok: true, payload: { event: "ensemble.ready", signature: header } });
  });
});

describe("verifyWebhook rejects", () => {
  it("a tampered body (bad_signature)", () => {
    const { body, headers } = signed();
    const tampered = body.replace('"risk_band_now":"high"', '"risk_band_now":"low"');
    expect(tampered).not.toBe(body);
    expect(verifyWebhook(tampered, headers, SECRET, NOW)).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("a body whose signature field differs from the header, or is missing", () => {
    const { body, headers } = signed();
    const sig = headers["Voyage-Risk-Signature"] as string;
    const otherSig = `${sig.slice(0, -1)}${sig.endsWith("0") ? "1" : "0"}`;
    const otherField = body.replace(sig, otherSig);
    const noField = `${body.slice(0, body.indexOf(',"signature"'))}}`;
    expect(verifyWebhook(otherField, headers, SECRET, NOW)).toMatchObject({
      reason: "bad_signature",
    });
    expect(verifyWebhook(noField, headers, SECRET, NOW)).toMatchObject({ reason: "bad_signature" });
    expect(verifyWebhook(`${body}\n`, headers, SECRET, NOW)).toMatchObject({
      reason: "bad_signature",
    });
  });

  it("the wrong secret (bad_signature)", () => {
    const { body, headers } = signed();
    expect(verifyWebhook(body, headers, newWebhookSecret(), NOW)).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("a timestamp swapped in the header and body (t is inside the MAC)", () => {
    const { body, headers } = signed();
    const sig = headers["Voyage-Risk-Signature"] as string;
    const replayed = sig.replace(`t=${NOW / 1000}`, `t=${NOW / 1000 + 600}`);
    const result = verifyWebhook(
      body.replace(sig, replayed),
      { "Voyage-Risk-Signature": replayed },
      SECRET,
      NOW + 600_000,
    );
    expect(result).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("ignores Voyage-Risk-Timestamp: only the t inside the signature counts", () => {
    const { body, headers } = signed();
    const forged = { ...headers, "Voyage-Risk-Timestamp": String(NOW / 1000 + 3600) };
    expect(verifyWebhook(body, forged, SECRET, NOW).ok).toBe(true);
    expect(verifyWebhook(body, forged, SECRET, NOW + 3_600_000)).toMatchObject({
      reason: "timestamp_out_of_tolerance",
    });
  });
});

describe("timestamp tolerance (5 minutes each way)", () => {
  it("is 5 minutes", () => {
    expect(SIGNATURE_TOLERANCE_MS).toBe(300_000);
  });

  it.each([
    ["4 min 59 s old", 299_000, true],
    ["exactly 5 min old", 300_000, true],
    ["5 min 1 s old", 301_000, false],
    ["4 min 59 s ahead", -299_000, true],
    ["exactly 5 min ahead", -300_000, true],
    ["5 min 1 s ahead", -301_000, false],
  ])("a delivery signed %s: accepted = %s", (_label, receivedLaterBy, accepted) => {
    const { body, headers } = signed();
    const result = verifyWebhook(body, headers, SECRET, NOW + receivedLaterBy);
    expect(result.ok).toBe(accepted);
    if (!accepted) expect(result).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
  });

  it("reports a forged stale delivery as bad_signature, not as merely stale", () => {
    const { body, headers } = signed();
    expect(verifyWebhook(body, headers, "whsec_wrong", NOW + 3_600_000)).toMatchObject({
      reason: "bad_signature",
    });
  });
});

describe("malformed or missing signature headers", () => {
  const { body, headers } = signWebhook(CROSSING, SECRET, NOW);
  const good = headers["Voyage-Risk-Signature"] as string;

  it("missing_signature without the header, or with an empty one", () => {
    expect(verifyWebhook(body, {}, SECRET, NOW)).toEqual({
      ok: false,
      reason: "missing_signature",
    });
    for (const value of [undefined, "", "  ", []]) {
      expect(verifyWebhook(body, { "voyage-risk-signature": value }, SECRET, NOW)).toEqual({
        ok: false,
        reason: "missing_signature",
      });
    }
  });

  it.each([
    ["garbage", "hello"],
    ["another version", good.replace("v1,", "v2,")],
    ["upper-case hex", good.toUpperCase().replace("V1,T=", "v1,t=").replace("SIG=", "sig=")],
    ["short sig", good.slice(0, -2)],
    ["long sig", `${good}00`],
    ["non-hex sig", `${good.slice(0, -1)}g`],
    ["missing t", good.replace(/t=\d+,/, "")],
    ["non-numeric t", good.replace(/t=\d+/, "t=abc")],
    ["fields reordered", good.replace(/^v1,(t=\d+),(sig=\w+)$/, "v1,$2,$1")],
    ["spaces", good.replaceAll(",", ", ")],
    ["very long", `v1,t=1,sig=${"a".repeat(10_000)}`],
  ])("malformed_signature: %s", (_label, value) => {
    expect(value).not.toBe(good);
    expect(verifyWebhook(body, { "Voyage-Risk-Signature": value }, SECRET, NOW)).toEqual({
      ok: false,
      reason: "malformed_signature",
    });
  });

  it("malformed_signature for two signature headers, even identical ones", () => {
    for (const value of [[good, good], `${good}, ${good}`]) {
      expect(verifyWebhook(body, { "voyage-risk-signature": value }, SECRET, NOW)).toEqual({
        ok: false,
        reason: "malformed_signature",
      });
    }
    const twoNames = { "Voyage-Risk-Signature": good, "voyage-risk-signature": good };
    expect(verifyWebhook(body, twoNames, SECRET, NOW)).toMatchObject({
      reason: "malformed_signature",
    });
  });

  it("malformed_signature for an authentic body that is not a JSON object", () => {
    const t = NOW / 1000;
    const signedBody = '["signature":""}';
    const sig = createHmac("sha256", SECRET).update(`${t}.${signedBody}`).digest("hex");
    const header = `v1,t=${t},sig=${sig}`;
    const result = verifyWebhook(
      `["signature":"${header}"}`,
      { "voyage-risk-signature": header },
      SECRET,
      NOW,
    );
    expect(result).toEqual({ ok: false, reason: "malformed_signature" });
  });

  it("never throws on hostile input", () => {
    const hostile: unknown[][] = [
      [null, headers],
      [undefined, headers],
      [42, headers],
      [body, null],
      [body, "not headers"],
      [body, { "voyage-risk-signature": 42 }],
      [body, { "voyage-risk-signature": [null] }],
      [Buffer.alloc(0), headers],
      [Buffer.from([0xff, 0xfe, 0x00]), headers],
      [body, headers, null],
      [body, headers, SECRET, Number.NaN],
    ];
    for (const [raw, h, secret = SECRET, now = NOW] of hostile) {
      const call = () =>
        verifyWebhook(raw as string, h as Record<string, string>, secret as string, now as number);
      expect(call).not.toThrow();
      expect(call().ok).toBe(false);
    }
  });
});

describe("newWebhookSecret", () => {
  it("is whsec_ + 32 random bytes in base64url, different every time", () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(6), "base64url")).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});
