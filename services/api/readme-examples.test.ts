import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWithKeys } from "../../tests/serve-with-keys";
import { testDeparture } from "../../tests/test-clock";
import type { Served } from "../serve";

/**
 * The README's multi-line curl examples (the ones `npm start` does not print, so the CI smoke
 * does not run them), sent as written: the path, and the JSON body with the shell's $DEPARTURE
 * filled in. A README example that the API refuses is a broken promise to a newcomer.
 */
const README = readFileSync(resolve(import.meta.dirname, "../../README.md"), "utf8");
const KEY = "vr_test_readme_examples_key_00000000000000";

interface Example {
  path: string;
  body: string;
}

/** Each `curl … -d '{…}'` in a sh block that spans lines: its path and its JSON body. */
function examples(): Example[] {
  const out: Example[] = [];
  for (const block of README.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const text = (block[1] as string).replace(/\\\n/g, " ");
    for (const m of text.matchAll(
      /curl [^\n]*?http:\/\/127\.0\.0\.1:8080(\/\S+) -d '([\s\S]*?)'\n/g,
    )) {
      out.push({ path: m[1] as string, body: m[2] as string });
    }
  }
  return out;
}

/**
 * The README's API_KEYS_FILE example (the json block after its `api-keys-file-example` marker),
 * served as it stands beside this file's own key.
 */
interface ExampleKey {
  key: string;
  plan: string;
  scopes?: string[];
  label?: string;
}
function keysFileExample(): ExampleKey[] {
  const m = /<!-- api-keys-file-example -->\s*```json\n([\s\S]*?)```/.exec(README);
  if (!m)
    throw new Error("README has no API_KEYS_FILE example after <!-- api-keys-file-example -->");
  return JSON.parse(m[1] as string) as ExampleKey[];
}

let s: Served;
beforeAll(async () => {
  s = await serveWithKeys(
    "readme-examples",
    [
      { key: KEY, plan: "enterprise", scopes: ["underwriting", "route-risk", "insurance"] },
      ...keysFileExample(),
    ],
    // The webhooks probe registers a receiver on this host (never called: nothing is alerted).
    { WEBHOOK_ALLOWLIST: "127.0.0.1/32" },
  );
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe("README examples", { timeout: 300_000 }, () => {
  it("finds the scoring examples", () => {
    expect(examples().map((e) => e.path)).toEqual([
      "/api/v1/underwriting/voyage-risk",
      "/api/v1/route-risk",
    ]);
  });

  it("answers each as written, with the shell's departure two days ahead", async () => {
    for (const e of examples()) {
      // A fixed date would pass today and fall out of the allowed window later.
      expect(e.body, e.path).toContain(`'"$DEPARTURE"'`);
      const body = e.body.replaceAll(`'"$DEPARTURE"'`, testDeparture(2).replace(".000Z", "Z"));
      const res = await fetch(`${s.url}${e.path}`, {
        method: "POST",
        headers: { "X-API-Key": KEY, "Content-Type": "application/json" },
        body,
      });
      expect(res.status, `${e.path}: ${await res.clone().text()}`).toBe(200);
    }
  });
});

const NORTH_SEA_VOYAGE = () => ({
  origin: { lat: 51.98, lon: 3.9, name: "Rotterdam" },
  destination: { lat: 53.9, lon: 8.6, name: "Elbe approaches" },
  departure_utc: testDeparture(1),
});

/** The North Sea voyage as a route-risk request. */
const routeRiskBody = () => {
  const v = NORTH_SEA_VOYAGE();
  return {
    origin: v.origin,
    destination: v.destination,
    departure_time: v.departure_utc,
    vessel: { vessel_type: "bulk_carrier" },
  };
};

async function send(key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: {
      "X-API-Key": key,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary JSON answers
  const json: any = text ? JSON.parse(text) : undefined;
  return { status: res.status, text, json };
}

/** One working use of each scope's interface (README's scope table), each call checked. */
const PROBES: Record<string, (key: string) => Promise<void>> = {
  underwriting: async (key) => {
    const scored = await send(key, "POST", "/api/v1/underwriting/voyage-risk", {
      vessel: { type: "cargo_small" },
      voyage: NORTH_SEA_VOYAGE(),
    });
    expect(scored.status, scored.text).toBe(200);
    const asked = await send(key, "POST", "/api/v1/ensemble-analyses", {
      vessel: { type: "cargo_small" },
      voyage: NORTH_SEA_VOYAGE(),
    });
    expect(asked.status, asked.text).toBe(202);
    const read = await send(key, "GET", `/api/v1/ensemble-analyses/${asked.json.id}`);
    expect(read.status, read.text).toBe(200);
  },
  "route-risk": async (key) => {
    const routed = await send(key, "POST", "/api/v1/route-risk", routeRiskBody());
    expect(routed.status, routed.text).toBe(200);
    const read = await send(key, "GET", `/api/v1/route-risk/${routed.json.route_id}`);
    expect(read.status, read.text).toBe(200);
  },
  insurance: async (key) => {
    const routed = await send(key, "POST", "/api/v1/route-risk", {
      ...routeRiskBody(),
      insurance: { include_exposure_hours: true },
    });
    expect(routed.status, routed.text).toBe(200);
    expect(routed.json.weather_exposure_hours).toBeDefined();
  },
  monitoring: async (key) => {
    const monitored = await send(key, "POST", "/api/v1/monitored-voyages", {
      vessel: { type: "bulk_carrier" },
      voyage: NORTH_SEA_VOYAGE(),
    });
    expect(monitored.status, monitored.text).toBe(201);
    const id = monitored.json.id;
    expect((await send(key, "GET", `/api/v1/monitored-voyages/${id}`)).status).toBe(200);
    expect((await send(key, "DELETE", `/api/v1/monitored-voyages/${id}`)).status).toBe(200);
  },
  webhooks: async (key) => {
    const created = await send(key, "POST", "/api/v1/webhooks", {
      url: "http://127.0.0.1:9/hooks/voyage-risk",
      events: ["voyage.completed"],
    });
    expect(created.status, created.text).toBe(201);
    expect((await send(key, "GET", "/api/v1/webhooks")).status).toBe(200);
    expect((await send(key, "DELETE", `/api/v1/webhooks/${created.json.id}`)).status).toBe(204);
  },
  admin: async (key) => {
    const issued = await send(key, "POST", "/api/v1/admin/advisories", {
      kind: "ntm",
      title: "README example",
      area: { type: "Circle", center: [-30, 10], radius_nm: 20 },
    });
    expect(issued.status, issued.text).toBe(202);
    const withdrawn = await send(
      key,
      "DELETE",
      `/api/v1/admin/advisories/${issued.json.advisory_id}`,
    );
    expect(withdrawn.status, withdrawn.text).toBe(202);
    const landed = await send(key, "POST", "/api/v1/admin/weather-cycles", { model: "synthetic" });
    expect(landed.status, landed.text).toBe(201);
  },
};

/** A cheap call each interface refuses (402 or 403) before any work to a key without its scope. */
const REFUSALS: Record<string, [string, string]> = {
  underwriting: ["POST", "/api/v1/underwriting/voyage-risk"],
  "route-risk": ["POST", "/api/v1/route-risk"],
  monitoring: ["POST", "/api/v1/monitored-voyages"],
  webhooks: ["GET", "/api/v1/webhooks"],
  admin: ["POST", "/api/v1/admin/advisories"],
};

describe("README API_KEYS_FILE example", { timeout: 300_000 }, () => {
  it("has keys for every scope", () => {
    const keys = keysFileExample();
    expect(keys.length).toBeGreaterThan(1);
    // A key without scopes gets its plan's (whoami shows them): the probes below use those.
    expect(Object.keys(PROBES).sort()).toEqual(
      [...new Set(keys.flatMap((k) => k.scopes ?? ["underwriting"]))].sort(),
    );
  });

  it("works, key by key, for every interface its scopes name, and is refused the others", async () => {
    for (const example of keysFileExample()) {
      const who = await send(example.key, "GET", "/api/v1/whoami");
      expect(who.status, `${example.label}: ${who.text}`).toBe(200);
      const scopes: string[] = who.json.scopes;
      if (example.scopes) expect(scopes).toEqual(example.scopes);
      const usage = await send(example.key, "GET", "/api/v1/usage?month=2026-11");
      expect(usage.status, usage.text).toBe(200);
      for (const [scope, probe] of Object.entries(PROBES)) {
        if (scopes.includes(scope)) await probe(example.key);
      }
      for (const [scope, [method, path]] of Object.entries(REFUSALS)) {
        if (scopes.includes(scope)) continue;
        const refused = await send(example.key, method, path, method === "POST" ? {} : undefined);
        expect([402, 403], `${example.label}: ${method} ${path}: ${refused.text}`).toContain(
          refused.status,
        );
      }
    }
  });
});
