import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_MONTH, LAST_MONTH } from "../services/billing/bill";
import { PASSAGES } from "../services/engine/routing/passages";
import { configSchema } from "../services/platform/config";
import { TOPIC } from "../services/platform/events/topics";
import { defaultScopes, PLANS } from "../services/platform/keys/api-keys";
import type { Served } from "../services/serve";
import { WORLD_PORTS } from "./fixtures/world-ports";
import { type OpenApiDocument, servedOpenApi } from "./openapi-document";
import { serveWithKeys } from "./serve-with-keys";

const readme = readFileSync(resolve(import.meta.dirname, "../README.md"), "utf8");
/** The README's text with its line breaks and indentation read as single spaces. */
const prose = readme.replace(/\s+/g, " ");

/** The OpenAPI document, as the API serves it (it is generated from the routes). */
let served: Served;
let doc: OpenApiDocument;
beforeAll(async () => {
  served = await serveWithKeys("docs-test", [], { WEATHER_SYNTHETIC_CYCLES: "false" });
  doc = await servedOpenApi(served.url);
}, 120_000);
afterAll(async () => {
  await served?.close();
});

describe("README stays true to the code", () => {
  it("documents every configuration variable in its table", () => {
    const documented = new Set(
      [...readme.matchAll(/^\| `([A-Z_]+)`\s+\|/gm)].map((m) => m[1] as string),
    );
    expect([...Object.keys(configSchema.shape)].filter((k) => !documented.has(k))).toEqual([]);
    expect([...documented].filter((k) => !(k in configSchema.shape))).toEqual([]);
  });

  it("names every topic", () => {
    for (const topic of Object.values(TOPIC)) expect(readme).toContain(`\`${topic}\``);
  });

  it("shows the two commands", () => {
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toContain("npm test");
  });

  it("counts the canals, straits and passes the catalogue holds", () => {
    const passages = PASSAGES.filter((p) => p.kind !== "river").length;
    expect(prose).toContain(`: ${passages} canals, straits and passes`);
  });

  it("gives every routing engine module its line in the module table", () => {
    const dir = resolve(import.meta.dirname, "../services/engine/routing");
    const modules = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    expect(modules.filter((f) => !readme.includes(`\`${f}\``))).toEqual([]);
  });

  it("counts the world ports the routing test reaches", () => {
    expect(prose).toContain(`Of the ${WORLD_PORTS.length} ports of every ocean and sea`);
  });

  it("gives the months usage answers for", () => {
    expect(prose).toContain(`\`month\` (UTC) from \`${FIRST_MONTH}\` to \`${LAST_MONTH}\``);
  });

  it("lists under each scope the routes the OpenAPI document says it guards", () => {
    const row = (first: string) =>
      readme.split("\n").find((line) => line.startsWith(`| ${first} |`)) ?? "";
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op.security) continue;
        const scope = op.security[0]?.apiKey?.[0];
        const route = `\`${method.toUpperCase()} ${path}\``;
        if (!row(scope ? `\`${scope}\`` : "none").includes(route))
          missing.push(`${scope} ${route}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("gives each plan's default scopes as the key stores do", () => {
    const table = /\| plan \| default scopes \|\n\|[^\n]*\n((?:\|[^\n]*\n)+)/.exec(readme);
    expect(table).not.toBeNull();
    const documented = new Map<string, string[]>();
    for (const line of (table?.[1] ?? "").trim().split("\n")) {
      const [plans, scopes] = line.split("|").slice(1, 3);
      const names = (cell = "") => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
      for (const plan of names(plans)) documented.set(plan, names(scopes));
    }
    expect(Object.fromEntries(documented)).toEqual(
      Object.fromEntries(PLANS.map((plan) => [plan, defaultScopes(plan)])),
    );
  });
});
