import { connect } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../tests/helpers";
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

describe("a client that goes away mid-body", () => {
  it("is logged as the client's doing (below warn), not as an unhandled error", async () => {
    const requestId = "client-aborts-mid-body";
    const { hostname, port } = new URL(s.url);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.write(
      [
        "POST /api/v1/underwriting/voyage-risk HTTP/1.1",
        `Host: ${hostname}:${port}`,
        `X-API-Key: ${KEY}`,
        `X-Request-Id: ${requestId}`,
        "Content-Type: application/json",
        "Content-Length: 4000",
        "",
        '{"vessel": {"type": "cargo_small"}, "voyage": {"origin": ',
      ].join("\r\n"),
    );
    // Once the server has the partial body, the client goes away.
    await waitFor("the request logged", () =>
      log.lines().some((l) => l.request_id === requestId && l.msg === "incoming request"),
    );
    socket.destroy();
    const ours = () => log.lines().filter((l) => l.request_id === requestId);
    await waitFor(
      "the abort logged",
      () => ours().some((l) => l.msg !== "incoming request"),
      30_000,
      ours,
    );
    expect(ours().filter((l) => Number(l.level) >= 40)).toEqual([]);
    expect(log.text).not.toContain("unhandled error");
  });

  it("answers 400 to a client that ends its body short and waits, logged below warn", async () => {
    const { hostname, port } = new URL(s.url);
    const socket = connect(Number(port), hostname);
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("utf8");
    });
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.end(
      [
        "POST /api/v1/underwriting/voyage-risk HTTP/1.1",
        `Host: ${hostname}:${port}`,
        `X-API-Key: ${KEY}`,
        "X-Request-Id: client-ends-body-short",
        "Content-Type: application/json",
        "Content-Length: 4000",
        "",
        '{"vessel": {"type": "cargo_small"}}',
      ].join("\r\n"),
    );
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const ours = () => log.lines().filter((l) => l.request_id === "client-ends-body-short");
    await waitFor("the short body logged", () => ours().length > 1, 30_000, ours);
    expect(ours().filter((l) => Number(l.level) >= 40)).toEqual([]);
    expect(log.text).not.toContain("unhandled error");
  });
});
