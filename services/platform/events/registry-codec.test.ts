import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCatalog } from "../../../tests/helpers";
import { RegistryCodec } from "./registry-codec";

/**
 * The schema registry's health entry (what GET /api/v1/underwriting/health shows under
 * dependencies.bus): a SCHEMA_REGISTRY_URL with a user and password is probed with them, and
 * reported without them, up or down, as the Redis and ClickHouse entries are.
 */
const USER = "registry-user";
const PASSWORD = "s3cret-registry-password";
let server: Server;
let port: number;
const seen: Array<string | undefined> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers.authorization);
    const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`;
    if (req.headers.authorization !== expected) {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end("[]");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("RegistryCodec health", () => {
  it("probes with the URL's credentials and reports the URL without them", async () => {
    const codec = new RegistryCodec(
      testCatalog(),
      `http://${USER}:${PASSWORD}@127.0.0.1:${port}/apis/ccompat/v7`,
    );
    const health = await codec.health();
    expect(health).toMatchObject({
      adapter: "schema-registry",
      status: "up",
      detail: `http://127.0.0.1:${port}/apis/ccompat/v7`,
    });
    expect(seen.at(-1)).toMatch(/^Basic /);
  });

  it("says why it is down without the credentials either", async () => {
    const codec = new RegistryCodec(
      testCatalog(),
      `http://${USER}:${PASSWORD}@127.0.0.1:${port}/apis/ccompat/v7`.replace(
        PASSWORD,
        "wrong-password",
      ),
    );
    const wrong = await codec.health();
    expect(wrong.status).toBe("down");
    expect(wrong.detail).toContain("401");
    expect(JSON.stringify(wrong)).not.toContain("wrong-password");

    const closed = new RegistryCodec(testCatalog(), `http://${USER}:${PASSWORD}@127.0.0.1:1/`);
    const down = await closed.health();
    expect(down.status).toBe("down");
    expect(JSON.stringify(down)).not.toContain(PASSWORD);
    expect(JSON.stringify(down)).not.toContain(USER);
  });
});
