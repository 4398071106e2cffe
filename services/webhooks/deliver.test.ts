import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverOnce, USER_AGENT } from "./deliver";
import type { ResolveHost } from "./destination";
import { signWebhook, verifyWebhook } from "./signing";

const SECRET = "whsec_deliver-test-secret";
const ALLOW_LOCAL = ["127.0.0.1/32"];

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let base: string;
let port: number;
const received: Received[] = [];
const pendingTimers = new Set<NodeJS.Timeout>();

/** One route per behaviour under test. */
function route(path: string, res: import("node:http").ServerResponse): void {
  switch (path) {
    case "/ok":
      res.writeHead(200).end("thanks");
      return;
    case "/created":
      res.writeHead(204).end();
      return;
    case "/gone":
      res.writeHead(410).end();
      return;
    case "/busy":
      res.writeHead(503, { "Retry-After": "120" }).end("later");
      return;
    case "/broken":
      res.writeHead(500).end();
      return;
    case "/bad":
      res.writeHead(400).end("bad request");
      return;
    case "/moved":
      res
        .writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/?token=s3cr3t" })
        .end();
      return;
    case "/slow": {
      const timer = setTimeout(() => {
        pendingTimers.delete(timer);
        if (!res.destroyed) res.writeHead(200).end();
      }, 3000);
      pendingTimers.add(timer);
      return;
    }
    case "/endless":
      // A 200 whose body never ends: only the response-size cap lets the client go early.
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write(Buffer.alloc(256 * 1024, 0x61));
      return;
    default:
      res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      route(path, res);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const timer of pendingTimers) clearTimeout(timer);
  server.closeAllConnections();
  server.close();
  await once(server, "close");
});

beforeEach(() => {
  received.length = 0;
});

const NOW = Date.now();
const payload = { event: "voyage.completed", voyage_id: "voy_42" };

function attempt(path: string, extra: Partial<Parameters<typeof deliverOnce>[0]> = {}) {
  const { body, headers } = signWebhook(payload, SECRET, NOW, { deliveryId: "dlv_test" });
  return deliverOnce({
    url: `${base}${path}`,
    body,
    headers,
    timeoutMs: 2000,
    allowlist: ALLOW_LOCAL,
    ...extra,
  });
}

function pathsReceived(): string[] {
  return received.map((r) => r.path);
}

describe("deliverOnce against a local HTTP server", () => {
  it("200: delivered; the receiver gets a body it can verify and the documented headers", async () => {
    const result = await attempt("/ok");
    expect(result).toMatchObject({ outcome: "delivered", status: 200 });
    expect(result.error).toBeUndefined();
    expect(result.durationMs).toBeGreaterThanOrEqual(0);

    expect(pathsReceived()).toEqual(["/ok"]);
    const [request] = received;
    if (!request) throw new Error("no request received");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["content-length"]).toBe(String(Buffer.byteLength(request.body)));
    expect(request.headers["user-agent"]).toBe(USER_AGENT);
    expect(request.headers["voyage-risk-event"]).toBe("voyage.completed");
    expect(request.headers["voyage-risk-delivery-id"]).toBe("dlv_test");
    expect(request.headers["voyage-risk-timestamp"]).toBe(String(Math.floor(NOW / 1000)));
    expect(verifyWebhook(request.body, request.headers, SECRET, NOW)).toMatchObject({
      ok: true,
      payload: { event: "voyage.completed", voyage_id: "voy_42" },
    });
  });

  it("204: delivered", async () => {
    expect(await attempt("/created")).toMatchObject({ outcome: "delivered", status: 204 });
  });

  it("410: gone", async () => {
    expect(await attempt("/gone")).toMatchObject({ outcome: "gone", status: 410 });
  });

  it("503 with Retry-After: retry, with the value", async () => {
    const result = await attempt("/busy");
    expect(result).toMatchObject({ outcome: "retry", status: 503, retryAfterMs: 120_000 });
    expect(result.error).toMatch(/503/);
  });

  it("500: retry, without a Retry-After", async () => {
    const result = await attempt("/broken");
    expect(result).toMatchObject({ outcome: "retry", status: 500 });
    expect(result.retryAfterMs).toBeUndefined();
  });

  it("400: rejected", async () => {
    const result = await attempt("/bad");
    expect(result).toMatchObject({ outcome: "rejected", status: 400 });
    expect(result.error).toMatch(/400/);
  });

  it("302: rejected with a generic message without the Location, and not followed", async () => {
    const result = await attempt("/moved");
    expect(result).toMatchObject({ outcome: "rejected", status: 302 });
    // The delivery record never carries a URL: the Location may hold anything, tokens included.
    expect(result.error).toBe(
      "redirect (302) not followed: the subscription URL must be the final endpoint",
    );
    expect(pathsReceived()).toEqual(["/moved"]);
  });

  it("a slow server: retry after the time-out, without waiting for the answer", async () => {
    const result = await attempt("/slow", { timeoutMs: 200 });
    expect(result).toMatchObject({ outcome: "retry", error: "timed out after 200 ms" });
    expect(result.status).toBeUndefined();
    expect(result.durationMs).toBeGreaterThanOrEqual(150);
    expect(result.durationMs).toBeLessThan(2500);
  });

  it("a slow DNS lookup: retry at the time-out, the lookup inside it, nothing sent later", async () => {
    // The case scaled down: a 4 s lookup under a 1 s time-out was delivered after 4 s.
    const resolve: ResolveHost = () =>
      new Promise((done) => {
        const timer = setTimeout(() => {
          pendingTimers.delete(timer);
          done(["127.0.0.1"]);
        }, 1500);
        pendingTimers.add(timer);
      });
    const result = await attempt("/ok", {
      url: `http://hooks.example.test:${port}/ok`,
      resolve,
      timeoutMs: 200,
    });
    expect(result).toMatchObject({ outcome: "retry", error: "timed out after 200 ms" });
    expect(result.durationMs).toBeGreaterThanOrEqual(150);
    expect(result.durationMs).toBeLessThan(1000);
    // The lookup's late answer must not start a POST after the attempt has ended.
    await new Promise((r) => setTimeout(r, 1800));
    expect(received).toEqual([]);
  });

  it("a lookup that never answers: retry at the time-out", async () => {
    const resolve: ResolveHost = () => new Promise(() => {});
    const result = await attempt("/ok", {
      url: `http://hooks.example.test:${port}/ok`,
      resolve,
      timeoutMs: 200,
    });
    expect(result).toMatchObject({ outcome: "retry", error: "timed out after 200 ms" });
    expect(result.durationMs).toBeLessThan(1000);
  }, 5000);

  it("the lookup's time counts against the time-out: a slow lookup then a slow server", async () => {
    const resolve: ResolveHost = async () => {
      await new Promise((r) => setTimeout(r, 500));
      return ["127.0.0.1"];
    };
    // /slow answers after 3 s: 500 ms of lookup leaves 300 ms of the 800 for the exchange
    // (the attempt took 500 + 800 ms before the lookup counted).
    const result = await attempt("/slow", {
      url: `http://hooks.example.test:${port}/slow`,
      resolve,
      timeoutMs: 800,
    });
    expect(result).toMatchObject({ outcome: "retry", error: "timed out after 800 ms" });
    expect(result.durationMs).toBeGreaterThanOrEqual(750);
    expect(result.durationMs).toBeLessThan(1200);
  });

  it("reads at most a small part of the response body", async () => {
    const result = await attempt("/endless", { timeoutMs: 10_000 });
    expect(result).toMatchObject({ outcome: "delivered", status: 200 });
    expect(result.durationMs).toBeLessThan(5000);
  });

  it("a loopback URL without allowlist: refused, and the server is never called", async () => {
    const result = await attempt("/ok", { allowlist: [] });
    expect(result.outcome).toBe("refused");
    expect(result.error).toMatch(/loopback/);
    expect(result.status).toBeUndefined();
    expect(received).toEqual([]);
  });

  it("connects to the vetted address, whatever the name (DNS pinning), with the right Host", async () => {
    let lookups = 0;
    const resolve: ResolveHost = async (host) => {
      lookups++;
      if (host !== "hooks.example.test") throw new Error(`unexpected lookup of ${host}`);
      return ["127.0.0.1"];
    };
    const result = await attempt("/ok", { url: `http://hooks.example.test:${port}/ok`, resolve });
    expect(result).toMatchObject({ outcome: "delivered", status: 200 });
    expect(lookups).toBe(1);
    expect(received[0]?.headers.host).toBe(`hooks.example.test:${port}`);
  });

  it("a host that does not resolve: retry (transient), nothing sent", async () => {
    const resolve: ResolveHost = async () => {
      throw Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" });
    };
    const result = await attempt("/ok", { url: `http://hooks.example.test:${port}/ok`, resolve });
    expect(result).toMatchObject({ outcome: "retry", error: expect.stringMatching(/EAI_AGAIN/) });
    expect(received).toEqual([]);
  });

  it("a closed port: retry with the network error", async () => {
    const closed = createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const closedPort = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, "close");
    const result = await attempt("/ok", { url: `http://127.0.0.1:${closedPort}/ok` });
    expect(result).toMatchObject({
      outcome: "retry",
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it("owns Content-Type: a caller's header in any case is replaced, not duplicated", async () => {
    const { body, headers } = signWebhook(payload, SECRET, NOW);
    const result = await deliverOnce({
      url: `${base}/ok`,
      body,
      headers: { ...headers, "content-TYPE": "text/plain", "Content-Length": "1" },
      timeoutMs: 2000,
      allowlist: ALLOW_LOCAL,
    });
    expect(result.outcome).toBe("delivered");
    expect(received[0]?.headers["content-type"]).toBe("application/json");
    expect(received[0]?.body).toBe(body);
  });

  it("an unsendable header value: refused, nothing sent", async () => {
    const result = await attempt("/ok", {
      headers: { "Voyage-Risk-Event": "evil\r\nInjected: yes" },
    });
    expect(result.outcome).toBe("refused");
    expect(result.error).toMatch(/not sent/);
    expect(received).toEqual([]);
  });

  it("a non-http URL: refused", async () => {
    const result = await attempt("/ok", { url: "ftp://127.0.0.1/x" });
    expect(result).toMatchObject({ outcome: "refused", error: expect.stringMatching(/scheme/) });
  });
});
