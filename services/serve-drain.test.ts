import { mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../tests/helpers";
import { PlatformProcesses } from "../tests/platform-processes";

/**
 * SIGTERM on the real CLI (`voyage-risk serve`, the embedded default): the process drains the
 * requests in flight, health says so (503 "draining") meanwhile, and the process exits by the
 * drain deadline even when a request never ends. The slow request is one whose body arrives in
 * two parts, the second only when the test sends it: it is in flight for as long as the test
 * wants, with nothing timed.
 */
const KEY = "vr_test_drain_key_000000000000000000000000";
const processes: PlatformProcesses[] = [];
afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.stopAll()));
});

async function startServer(
  env: Record<string, string>,
): Promise<{ p: PlatformProcesses; url: string }> {
  const dir = mkdtempSync(join(tmpdir(), "vr-drain-"));
  const keysFile = join(dir, "keys.json");
  writeFileSync(
    keysFile,
    JSON.stringify([{ key: KEY, plan: "enterprise", scopes: ["underwriting"] }]),
  );
  const p = new PlatformProcesses({
    ...process.env,
    VOYAGE_RISK_MODE: "embedded",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "info",
    API_KEYS_FILE: keysFile,
    WEATHER_DIR: join(dir, "weather"),
    SCORING_THREADS: "0",
    ...env,
  });
  processes.push(p);
  const [, url] = await p.start("api", ["serve"], /listening on (http:\/\/[\d.:]+)/);
  return { p, url: url as string };
}

/** A POST whose body arrives in two parts; `finish` sends the second, `answer` is the reply. */
function slowRequest(url: string) {
  const body = JSON.stringify({ vessel: { type: "cargo_small" }, voyage: {} });
  const half = Math.floor(body.length / 2);
  let finish: () => void = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      `${url}/api/v1/underwriting/voyage-risk`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(body)),
          "X-API-Key": KEY,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  answer.catch(() => undefined);
  return { answer, finish: () => finish() };
}

/** The server's log line for the slow request's arrival. */
const ARRIVED =
  /"method":"POST","url":"\/api\/v1\/underwriting\/voyage-risk"[^\n]*"msg":"incoming request"/;

describe("draining on SIGTERM (the real CLI)", { timeout: 120_000 }, () => {
  it("answers health 503 'draining' while a request is in flight, answers that request, then exits 0", async () => {
    const { p, url } = await startServer({ DRAIN_DEADLINE_MS: "60000" });
    const slow = slowRequest(url);
    await waitFor("the slow request to reach the server", () =>
      ARRIVED.test(p.tail("api", 100_000)),
    );
    const exited = p.exited("api");
    p.signal("api", "SIGTERM");
    await waitFor("the drain to start", () => /shutting down/.test(p.tail("api", 100_000)));

    const health = await fetch(`${url}/api/v1/underwriting/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { status: string }).status).toBe("draining");
    // Work that arrives now is turned away, so the drain ends.
    const late = await fetch(`${url}/api/v1/whoami`, { headers: { "X-API-Key": KEY } });
    expect(late.status).toBe(503);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe("shutting_down");

    slow.finish();
    const answered = await slow.answer;
    expect(answered.status).toBe(400); // the voyage is incomplete: answered, not cut off
    expect(await exited).toBe("0");
  });

  it("exits 1 at the drain deadline, logging the request it abandoned", async () => {
    const { p, url } = await startServer({ DRAIN_DEADLINE_MS: "1500" });
    const slow = slowRequest(url);
    await waitFor("the slow request to reach the server", () =>
      ARRIVED.test(p.tail("api", 100_000)),
    );
    const exited = p.exited("api");
    p.signal("api", "SIGTERM");
    await waitFor("the drain to start", () => /shutting down/.test(p.tail("api", 100_000)));
    const health = await fetch(`${url}/api/v1/underwriting/health`);
    expect(health.status).toBe(503);
    // The body's second part never comes: only the deadline ends the drain. A guard against a
    // hang, not a timing: the process is given far longer than its deadline.
    const code = await Promise.race([
      exited,
      new Promise<string>((r) => setTimeout(() => r("still running"), 60_000)),
    ]);
    expect(code).toBe("1");
    const log = p.tail("api", 100_000);
    expect(log).toMatch(/drain deadline/);
    expect(log).toMatch(/POST \/api\/v1\/underwriting\/voyage-risk/);
    await slow.answer.catch(() => undefined);
  });
});
