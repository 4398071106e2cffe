import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_CYCLE_MS, writeCycleParts } from "../../tests/fixtures/grib/load";
import { AppError } from "../platform/errors";
import type { CycleInfo } from "../weather/cycle-registry";
import { CycleStore } from "../weather/cycle-store";
import { ingestGribFiles } from "../weather/ingest";
import { WeatherProvider } from "../weather/provider";
import { completeMembers } from "./weather-choice";

/**
 * A cycle that lacks conditions made whole for scoring (completeMembers): the waves of a
 * wind-only GEFS cycle from another model's current cycle, in the documented order, member by
 * member; what no forecast has from climatology, except the waves: without a wave forecast the
 * score is refused (weather_incomplete), whatever climatology could say.
 */
const HOUR = 3_600_000;
const NOW = FIXTURE_CYCLE_MS + 5 * HOUR;
const AT = FIXTURE_CYCLE_MS + 6 * HOUR;

const gefs: CycleInfo = {
  model: "gefs",
  cycleMs: FIXTURE_CYCLE_MS,
  members: 3,
  resolutionDeg: 1,
  horizonH: 12,
  synthetic: false,
  source: null,
  landedAtMs: NOW,
};

/** A store holding the wind-only GEFS cycle and, as `waves`, the Hs of the members asked for. */
async function storeWith(waves: Array<{ model: string; members: number[] }>) {
  const dir = mkdtempSync(join(tmpdir(), "vr-fallback-"));
  const store = new CycleStore(join(dir, "weather"));
  await ingestGribFiles(
    writeCycleParts(dir, (f) => f.discipline === 0, "gefs-wind"),
    "gefs",
    store,
    NOW,
  );
  for (const { model, members } of waves) {
    const files = writeCycleParts(
      dir,
      (f) => f.discipline === 10 && members.includes(f.product.ensemble?.perturbationNumber ?? -1),
      model,
    );
    await ingestGribFiles(files, model, store, NOW);
  }
  return new WeatherProvider(store);
}

const hsOf = async (provider: WeatherProvider, model: string, member: number) =>
  (await provider.field(model, FIXTURE_CYCLE_MS, member)).at(40, -40, AT).hs_m;

describe("completeMembers", { timeout: 60_000 }, () => {
  it("takes a wind-only cycle's waves from GFS-Wave before ECMWF ENS, for every member", async () => {
    const provider = await storeWith([
      { model: "ecmwf-ens", members: [0, 1, 2] },
      { model: "gfs-wave", members: [0] },
    ]);
    const { members, sources } = await completeMembers(provider, gefs, NOW);
    expect(members).toHaveLength(3);
    expect(sources.served_by.hs_m).toBe("gfs-wave cycle 2024-01-15T00:00:00.000Z (1 members)");
    expect(sources.served_by.wind_kts).toBe("gefs cycle 2024-01-15T00:00:00.000Z (3 members)");
    const waves = await hsOf(provider, "gfs-wave", 0);
    expect(waves).toBeGreaterThan(1.5);
    for (const [m, field] of members.entries()) {
      const own = await provider.field("gefs", FIXTURE_CYCLE_MS, m);
      const at = field.at(40, -40, AT);
      expect(at.hs_m).toBeCloseTo(waves, 6); // GFS-Wave has one member: every member reads it
      expect(at.wind_kts).toBeCloseTo(own.at(40, -40, AT).wind_kts, 6);
      expect(at.current_kts).toBeGreaterThanOrEqual(0); // from climatology, a number
    }
  });

  it("reads member m of a fallback ensemble, and only a current cycle", async () => {
    const provider = await storeWith([{ model: "ecmwf-ens", members: [0, 1, 2] }]);
    const { members, sources } = await completeMembers(provider, gefs, NOW);
    expect(sources.served_by.hs_m).toBe("ecmwf-ens cycle 2024-01-15T00:00:00.000Z (3 members)");
    const member2 = await hsOf(provider, "ecmwf-ens", 2);
    expect(member2).not.toBeCloseTo(await hsOf(provider, "ecmwf-ens", 0), 3);
    expect(members[2]?.at(40, -40, AT).hs_m).toBeCloseTo(member2, 6);

    // ECMWF ENS issues every 12 h: stale after 36 h, and then no source has waves.
    const late = FIXTURE_CYCLE_MS + 37 * HOUR;
    const refused = await completeMembers(provider, gefs, late).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "weather_incomplete", details: { missing: ["hs_m"] } });
    // A cycle not yet begun by the score's clock is no source either.
    const early = FIXTURE_CYCLE_MS - HOUR;
    await expect(completeMembers(provider, gefs, early)).rejects.toMatchObject({
      code: "weather_incomplete",
    });
  });

  it("refuses a cycle without waves when only climatology could stand in", async () => {
    const provider = await storeWith([]);
    await expect(completeMembers(provider, gefs, NOW)).rejects.toMatchObject({
      code: "weather_incomplete",
      details: { model: "gefs", missing: ["hs_m"] },
    });
  });
});
