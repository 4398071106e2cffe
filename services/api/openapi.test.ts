import { describe, expect, it } from "vitest";
import { openApiDocument, ROUTE_RISK_EXAMPLE, VOYAGE_RISK_EXAMPLE } from "./openapi";
import { routeRiskRequest } from "./schemas/route-risk";
import { voyageRiskRequest } from "./schemas/underwriting";

/** The OpenAPI document: its examples are valid requests, and every interface is in it. */
describe("OpenAPI document", () => {
  const doc = openApiDocument() as { paths: Record<string, Record<string, { responses: object }>> };

  it("carries examples that the request schemas accept", () => {
    expect(() => voyageRiskRequest.parse(VOYAGE_RISK_EXAMPLE)).not.toThrow();
    expect(() => routeRiskRequest.parse(ROUTE_RISK_EXAMPLE)).not.toThrow();
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
    for (const path of [
      "/api/v1/underwriting/health",
      "/api/v1/underwriting/voyage-risk",
      "/api/v1/underwriting/route-score",
      "/api/v1/underwriting/historical-availability",
      "/api/v1/whoami",
      "/api/v1/admin/weather-cycles",
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});
