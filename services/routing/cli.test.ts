import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const cli = resolve(import.meta.dirname, "../../bin/voyage-risk.js");
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, "route", ...args], { encoding: "utf8", timeout: 60_000 });

describe("voyage-risk route", () => {
  // Each case starts the CLI, which builds the routing network (masks, grid, landmarks): seconds.
  it("prints the route as a GeoJSON LineString Feature with distance, time, passages and snapping", {
    timeout: 120_000,
  }, () => {
    const r = run(
      "--from",
      "51.98,3.9",
      "--to",
      "1.2,103.85",
      "--avoid",
      "suez",
      "--speed-kts",
      "15",
    );
    const started = Date.now();
    expect(r.status, r.stderr).toBe(0);
    const f = JSON.parse(r.stdout);
    // Without --departure the voyage leaves now (it defaulted to a fixed day in the past).
    expect(Date.parse(f.properties.departure_utc)).toBeGreaterThan(started - 120_000);
    expect(f.type).toBe("Feature");
    expect(f.geometry.type).toBe("LineString");
    expect(f.geometry.coordinates[0]).toEqual([3.9, 51.98]);
    expect(f.properties.distance_nm).toBeGreaterThan(11000);
    expect(f.properties.transit_h).toBeCloseTo(f.properties.distance_nm / 15, 0);
    expect(f.properties.passages).not.toContain("suez");
    expect(f.properties).toHaveProperty("snapping");
  });

  it("prints a JSON error and exits non-zero for an inland point or a bad argument", {
    timeout: 120_000,
  }, () => {
    const inland = run("--from", "40.4,-3.7", "--to", "51.98,3.9");
    expect(inland.status).toBe(1);
    expect(JSON.parse(inland.stdout).error).toMatchObject({
      code: "on_land",
      details: { which: "origin" },
    });
    const bad = run("--from", "95,0", "--to", "51.98,3.9");
    expect(bad.status).toBe(2);
    expect(JSON.parse(bad.stdout).error.code).toBe("invalid_input");
    const misspelt = run("--from", "51.98,3.9", "--to", "1.2,103.85", "--avoid", "suezz");
    expect(misspelt.status).toBe(2);
    expect(JSON.parse(misspelt.stdout).error).toMatchObject({
      code: "invalid_input",
      details: { field: "avoid", unknown: ["suezz"] },
    });
    const badAirDraft = run("--from", "45,36", "--to", "41.3,29.15", "--air-draft-m", "-3");
    expect(badAirDraft.status).toBe(2);
    expect(JSON.parse(badAirDraft.stdout).error.code).toBe("invalid_input");
    // A unit slip (a draught in millimetres): refused as the API refuses it, not routed.
    const slip = run("--from", "51.98,3.9", "--to", "40.45,-73.8", "--draft-m", "14500");
    expect(slip.status).toBe(2);
    expect(JSON.parse(slip.stdout).error).toMatchObject({ code: "invalid_input" });
    expect(JSON.parse(slip.stdout).error.message).toMatch(/--draft-m/);
  });
});
