import { randomUUID } from "node:crypto";
import { syntheticClimate } from "../../services/engine/weather/synthetic";
import { naturalEarthLandMask } from "../../services/geodata/natural-earth";
import {
  clickHouseOptionsFromConfig,
  createClickHouseAnalytics,
} from "../../services/platform/analytics/clickhouse";
import { loadConfig } from "../../services/platform/config";
import { ClickHouseReanalysis } from "../../services/weather/reanalysis/clickhouse";
import { ReanalysisGrid } from "../../services/weather/reanalysis/grid";
import { loadSyntheticReanalysis } from "../../services/weather/reanalysis/loader";
import { ClickHouseAdmin } from "../clickhouse-admin";
import { reanalysisContract } from "./reanalysis.contract";

// The contract on the real ClickHouse: a fresh database, migrated, filled by the loader with one
// year on a coarse grid (5 degrees, 12-hourly: ~1,500 cells x 730 steps).
const config = loadConfig();
const database = `reanalysis_it_${randomUUID().slice(0, 8)}`;

reanalysisContract(
  "clickhouse",
  async () => {
    const options = { ...clickHouseOptionsFromConfig(config), database };
    const analytics = createClickHouseAnalytics(options);
    await analytics.migrate();
    await analytics.close();
    const grid = new ReanalysisGrid(
      { resolutionDeg: 5, everyH: 12, maxAbsLat: 75 },
      naturalEarthLandMask("50m"),
    );
    const climate = syntheticClimate();
    const store = new ClickHouseReanalysis(grid, options);
    await loadSyntheticReanalysis({ store, climate, fromYear: 2003, toYear: 2003 });
    return { store, grid, climate };
  },
  2003,
  async () => {
    const admin = new ClickHouseAdmin(config);
    try {
      await admin.dropDatabases([database]);
    } finally {
      await admin.close();
    }
  },
);
