import { syntheticClimate } from "../../services/engine/weather/synthetic";
import { naturalEarthLandMask } from "../../services/geodata/natural-earth";
import { EmbeddedReanalysis } from "../../services/weather/reanalysis/embedded";
import { ReanalysisGrid } from "../../services/weather/reanalysis/grid";
import { reanalysisContract } from "./reanalysis.contract";

reanalysisContract(
  "embedded (synthetic climate on demand)",
  async () => {
    const grid = new ReanalysisGrid(
      { resolutionDeg: 5, everyH: 12, maxAbsLat: 75 },
      naturalEarthLandMask("50m"),
    );
    const climate = syntheticClimate();
    return { store: new EmbeddedReanalysis(grid, climate), grid, climate };
  },
  2003,
);
