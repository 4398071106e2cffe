import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWithKeys } from "../../tests/serve-with-keys";
import type { Served } from "../serve";

/**
 * What the API logs, read from the logger's own output (every level): an API key never appears
 * in it, wherever a client put the key: in the query string under any key-like name, in the
 * X-API-Key or Authorization header, or in a path that matches no route.
 */
const KEY = "vr_test_logging_key_0000000000000000000000";
const LEAKED = "vr_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde"; // a key's form, not one of ours

class Capture extends Writable {
  text = "";
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString("utf8");
    done();
  }
  lines(): Array<Record<string, unknown>> {
    return this.text
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

const log = new Capture();
let s: Served;
beforeAll(async () => {
  s = await serveWithKeys(
    "logging-test",
    [{ key: KEY, plan: "enterprise", scopes: ["underwriting"] }],
    { LOG_LEVEL: "trace" },
    { logDestination: log },
  );
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe("request logs", () => {
  it("never carry an API key sent in the query string, a header or an unknown path", async () => {
    const asked: Array<[string, Record<string, string>, number]> = [
      [`/api/v1/whoami?api_key=${KEY}`, {}, 401],
      [`/api/v1/whoami?apikey=${KEY}&x=1`, {}, 401],
      [`/api/v1/whoami?key=${encodeURIComponent(KEY)}`, {}, 401],
      [`/api/v1/whoami?access_token=${KEY}`, {}, 401],
      [`/api/v1/whoami?X-API-Key=${LEAKED}`, {}, 401],
      [`/api/v1/usage?month=2026-11&token=${KEY}`, { "X-API-Key": KEY }, 400],
      ["/api/v1/whoami", { "X-API-Key": KEY }, 200],
      ["/api/v1/whoami", { Authorization: `Bearer ${KEY}` }, 401],
      [`/api/v1/no-such-route?api_key=${KEY}`, {}, 404],
      [`/api/v1/no-such-route/${LEAKED}`, {}, 404],
    ];
    for (const [path, headers, status] of asked) {
      const res = await fetch(`${s.url}${path}`, { headers });
      expect(res.status, path).toBe(status);
      await res.arrayBuffer();
    }
    // Every request was logged, with its query string's harmless parts as sent.
    const incoming = log.lines().filter((l) => l.msg === "incoming request");
    expect(incoming.length).toBeGreaterThanOrEqual(asked.length);
    const urls = incoming.map((l) => (l.req as { url: string }).url);
    expect(urls).toContain("/api/v1/whoami?api_key=[redacted]");
    expect(urls).toContain("/api/v1/usage?month=2026-11&token=[redacted]");
    expect(log.text).not.toContain(KEY);
    expect(log.text).not.toContain(encodeURIComponent(KEY));
    expect(log.text).not.toContain(LEAKED);
  });
});
