import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenApiDocument, servedOpenApi } from "../../tests/openapi-document";
import { serveWithKeys } from "../../tests/serve-with-keys";
import { routeRiskRequest } from "../contracts/api/route-risk";
import { voyageRiskRequest } from "../contracts/api/underwriting";
import type { Served } from "../serve";
import { DOCS_PREFIX } from "./openapi";
import { ROUTE_RISK_EXAMPLE } from "./route-risk-routes";
import { VOYAGE_RISK_EXAMPLE } from "./underwriting-routes";

/**
 * The OpenAPI document the running API serves, generated from the schemas its routes declare:
 * every route the API registers is in it with the statuses it answers, and its examples are
 * valid requests.
 */
const registered: RouteOptions[] = [];
let s: Served;
let doc: OpenApiDocument;
beforeAll(async () => {
  s = await serveWithKeys(
    "openapi-test",
    [],
    // No request is scored here: no forecast is needed, so none is landed.
    { WEATHER_SYNTHETIC_CYCLES: "false" },
    { onRoute: (route) => registered.push(route) },
  );
  doc = await servedOpenApi(s.url);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

/** Registered routes that are not operations of the API, each with why. */
const NOT_IN_THE_DOCUMENT: Array<[string, (method: string, url: string) => boolean]> = [
  [
    "the document itself and its interactive viewer describe the API; they are not part of it",
    (_method, url) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`),
  ],
  [
    "fastify answers HEAD for every GET route (exposeHeadRoutes): documented as its GET",
    (method, url) =>
      method === "HEAD" && registered.some((r) => methodsOf(r).includes("GET") && r.url === url),
  ],
];

const methodsOf = (route: RouteOptions) => [route.method].flat().map((m) => m.toUpperCase());
/** fastify's /a/:id as OpenAPI writes it, /a/{id}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

describe("OpenAPI document", () => {
  it("carries examples that the request schemas accept", () => {
    expect(() => voyageRiskRequest.parse(VOYAGE_RISK_EXAMPLE)).not.toThrow();
    expect(() => routeRiskRequest.parse(ROUTE_RISK_EXAMPLE)).not.toThrow();
  });

  it("documents every route the running API registered, with its answers, and nothing else", () => {
    const operations = registered.flatMap((route) =>
      methodsOf(route).map((method) => ({ method, url: route.url })),
    );
    const api = operations.filter(
      ({ method, url }) => !NOT_IN_THE_DOCUMENT.some(([, excluded]) => excluded(method, url)),
    );
    expect(api.length).toBeGreaterThan(15);
    const undocumented: string[] = [];
    for (const { method, url } of api) {
      const op = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      const name = `${method} ${url}`;
      if (!op) {
        undocumented.push(name);
        continue;
      }
      expect(op.summary, name).toBeTruthy();
      const statuses = Object.keys(op.responses);
      expect(
        statuses.filter((status) => status.startsWith("2")),
        name,
      ).not.toEqual([]);
      for (const status of statuses) {
        expect(op.responses[status]?.description, `${name} ${status}`).toBeTruthy();
      }
      // Only health is open: every other operation names the key (and scope) it needs.
      if (url !== "/api/v1/underwriting/health") expect(op.security, name).toHaveLength(1);
    }
    expect(undocumented).toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      api.map(({ method, url }) => `${method} ${openApiPath(url)}`).sort(),
    );
  });

  it("documents every endpoint with the statuses it answers", () => {
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort();
    expect(statuses("/api/v1/route-risk", "post")).toEqual(
      ["200", "400", "401", "402", "403", "422", "429", "500", "503"].sort(),
    );
    expect(statuses("/api/v1/route-risk/{route_id}", "get")).toContain("404");
    expect(statuses("/api/v1/monitored-voyages", "post")).toEqual(
      expect.arrayContaining(["201", "400", "401", "402", "403"]),
    );
    expect(statuses("/api/v1/monitored-voyages/{id}", "get")).toContain("404");
    expect(statuses("/api/v1/monitored-voyages/{id}", "delete")).toContain("404");
    expect(statuses("/api/v1/usage", "get")).toContain("200");
  });
});
