import type { SyntheticClimate } from "../../engine/weather/synthetic";
import { naturalEarthLandMask } from "../../geodata/natural-earth";
import { clickHouseOptionsFromConfig } from "../../platform/analytics/clickhouse";
import type { Config } from "../../platform/config";
import { ClickHouseReanalysis } from "./clickhouse";
import { fileDepartureSets } from "./departure-files";
import { EmbeddedReanalysis } from "./embedded";
import { DEFAULT_REANALYSIS_GRID, ReanalysisGrid } from "./grid";
import type { ReanalysisStore } from "./port";

/** The reanalysis grid of this deployment (ocean cells on Natural Earth 1:50m). */
export function reanalysisGrid(config: Config): ReanalysisGrid {
  return new ReanalysisGrid(
    {
      ...DEFAULT_REANALYSIS_GRID,
      resolutionDeg: config.REANALYSIS_RESOLUTION_DEG,
      everyH: config.REANALYSIS_EVERY_H,
    },
    naturalEarthLandMask("50m"),
  );
}

/**
 * The ClickHouse table in platform mode; the synthetic climate, computed on demand, embedded (its
 * departure sets kept in ROUTING_CACHE_DIR, so a lane's history is computed once per machine).
 */
export function openReanalysis(
  config: Config,
  climate: SyntheticClimate,
  grid: ReanalysisGrid = reanalysisGrid(config),
): ReanalysisStore {
  return config.VOYAGE_RISK_MODE === "platform"
    ? new ClickHouseReanalysis(grid, clickHouseOptionsFromConfig(config))
    : new EmbeddedReanalysis(
        grid,
        climate,
        config.ROUTING_CACHE_DIR === "" ? undefined : fileDepartureSets(config.ROUTING_CACHE_DIR),
      );
}
