/**
 * A GriddedParameter filled from a function of position and time: for tests, and for writing a
 * synthetic or analytic field into the same store the GRIB path fills.
 */
import type {
  GriddedParameter,
  GridGeometry,
  ParameterKind,
} from "../services/weather/gridded/types";

export function parameterFromFunction(
  name: string,
  grid: GridGeometry,
  timesMs: readonly number[],
  value: (lat: number, lon: number, timeMs: number) => number,
  kind: ParameterKind = "scalar",
): GriddedParameter {
  const planes = timesMs.map((t) => {
    const plane = new Float32Array(grid.nx * grid.ny);
    for (let r = 0; r < grid.ny; r++) {
      for (let c = 0; c < grid.nx; c++) {
        plane[r * grid.nx + c] = value(grid.lat0 + r * grid.dlat, grid.lon0 + c * grid.dlon, t);
      }
    }
    return plane;
  });
  return { name, kind, grid, timesMs: Float64Array.from(timesMs), planes };
}
