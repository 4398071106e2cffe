import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenApiDocument, servedOpenApi } from "../../tests/openapi-document";
import { serveWithKeys } from "../../tests/serve-with-keys";
import { SCOPES, type Scope } from "../platform/keys/api-keys";
import type { Served } from "../serve";

/**
 * The scope model as a client meets it: every operation the OpenAPI document puts behind a key
 * names the one scope it needs (or none: the key's own whoami and usage), and the server checks
 * exactly that scope. Each operation is called with a key holding every scope but its own
 * (403 forbidden naming the scope) and with a key holding only its own (past the key checks).
 */
interface Operation {
  method: string;
  path: string;
  scopes: string[] | undefined;
}

/** The document the server under test serves. */
let doc: OpenApiDocument;

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op.security) continue;
      expect(op.security, `${method} ${path}`).toHaveLength(1);
      out.push({ method: method.toUpperCase(), path, scopes: op.security[0]?.apiKey });
    }
  }
  return out;
}

/** Scopes that guard a route group (insurance guards fields of the route-risk answer). */
const GROUP_SCOPES = SCOPES.filter((s) => s !== "insurance");
const keyOf = (what: string) => `vr_test_scopes_${what.replace(/-/g, "_")}`.padEnd(40, "0");
const ONLY = Object.fromEntries(GROUP_SCOPES.map((s) => [s, keyOf(`only_${s}`)]));
const ALL_BUT = Object.fromEntries(GROUP_SCOPES.map((s) => [s, keyOf(`all_but_${s}`)]));
const NONE = keyOf("none");

let s: Served;
beforeAll(async () => {
  s = await serveWithKeys("scopes-test", [
    ...GROUP_SCOPES.map((scope) => ({
      key: ONLY[scope] as string,
      plan: "enterprise",
      scopes: [scope],
    })),
    ...GROUP_SCOPES.map((scope) => ({
      key: ALL_BUT[scope] as string,
      plan: "enterprise",
      scopes: SCOPES.filter((x) => x !== scope),
    })),
    { key: NONE, plan: "enterprise", scopes: [] },
  ]);
  doc = await servedOpenApi(s.url);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

/** The operation called cheaply: ids that do not exist, an empty JSON object as a body. */
async function call(op: Operation, key: string) {
  const path =
    op.path.replace(/\{[^}]+\}/g, "no-such-id") +
    (op.path === "/api/v1/usage" ? "?month=2026-11" : "");
  const res = await fetch(`${s.url}${path}`, {
    method: op.method,
    headers: {
      "X-API-Key": key,
      ...(op.method === "POST" ? { "Content-Type": "application/json" } : {}),
    },
    ...(op.method === "POST" ? { body: "{}" } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
}

describe("scopes", () => {
  it("names one scope for each operation behind a key, none only for the key's own whoami and usage", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(15);
    for (const op of ops) {
      expect(op.scopes?.length, `${op.method} ${op.path}`).toBeLessThanOrEqual(1);
      for (const scope of op.scopes ?? []) expect(GROUP_SCOPES).toContain(scope);
    }
    expect(
      ops.filter((op) => op.scopes?.length === 0).map((op) => `${op.method} ${op.path}`),
    ).toEqual(["GET /api/v1/usage", "GET /api/v1/whoami"]);
    const byScope = (scope: Scope) =>
      ops.filter((op) => op.scopes?.[0] === scope).map((op) => `${op.method} ${op.path}`);
    expect(byScope("underwriting")).toEqual([
      "POST /api/v1/underwriting/voyage-risk",
      "POST /api/v1/underwriting/route-score",
      "POST /api/v1/underwriting/historical-availability",
      "POST /api/v1/ensemble-analyses",
      "GET /api/v1/ensemble-analyses/{id}",
    ]);
    // Every scope that guards a group guards at least one operation.
    for (const scope of GROUP_SCOPES) expect(byScope(scope).length, scope).toBeGreaterThan(0);
  });

  it("refuses each operation to a key with every scope but its own, naming the scope", async () => {
    for (const op of operations()) {
      const scope = op.scopes?.[0] as Scope | undefined;
      if (!scope) continue;
      const r = await call(op, ALL_BUT[scope] as string);
      expect(r.status, `${op.method} ${op.path}: ${r.text}`).toBe(403);
      expect(r.json.error).toMatchObject({ code: "forbidden", details: { scope } });
    }
  });

  it("lets a key with only the operation's scope (or none, for whoami and usage) past the key checks", async () => {
    for (const op of operations()) {
      const scope = op.scopes?.[0] as Scope | undefined;
      const r = await call(op, scope ? (ONLY[scope] as string) : NONE);
      expect([401, 402, 403], `${op.method} ${op.path}: ${r.text}`).not.toContain(r.status);
    }
  });
});
