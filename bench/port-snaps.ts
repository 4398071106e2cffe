/**
 * Prints every port of tests/fixtures/world-ports.ts with how far the router moves it before
 * routing (its snap: onto the water the 1:10m coastline draws, or onto a river fairway's line),
 * the largest first, and the passages its route to open water takes. A port up a river the
 * coastline does not draw and no fairway leads to snaps over land to the nearest drawn water;
 * the snaps over 5 nm are the candidates for a fairway. Run:
 *   npx tsx bench/port-snaps.ts [--over <nm>] [--json <file>]
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { EngineError } from "../services/engine/errors";
import { buildRoutingNetwork } from "../services/routing/network";
import { OPEN_WATER, WORLD_PORTS } from "../tests/fixtures/world-ports";

const { values } = parseArgs({
  options: { over: { type: "string", default: "0" }, json: { type: "string" } },
});
const over = Number(values.over);

const net = buildRoutingNetwork();
interface Row {
  port: string;
  lat: number;
  lon: number;
  snap_nm: number | null;
  snapped_to: string;
  to_open_water_nm: number | null;
  passages: string;
}
const rows: Row[] = [];
for (const port of WORLD_PORTS) {
  const open = OPEN_WATER[port.to];
  const row: Row = {
    port: port.name,
    lat: port.lat,
    lon: port.lon,
    snap_nm: null,
    snapped_to: "",
    to_open_water_nm: null,
    passages: "",
  };
  try {
    const r = net.route({
      from: { lat: port.lat, lon: port.lon },
      to: { lat: open.lat, lon: open.lon },
      objective: "fastest",
      departureMs: Date.UTC(2026, 6, 1),
      vessel: { speed_kts: 14 },
    });
    const snap = r.snaps.origin;
    row.snap_nm = snap?.distance_nm ?? 0;
    row.snapped_to = snap ? `${snap.snapped.lat.toFixed(3)}, ${snap.snapped.lon.toFixed(3)}` : "";
    row.to_open_water_nm = r.distance_nm;
    row.passages = r.passages.join(",");
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    row.snapped_to = `refused: ${err.code}`;
  }
  rows.push(row);
}
rows.sort((a, b) => (b.snap_nm ?? -1) - (a.snap_nm ?? -1));
const shown = rows.filter((r) => r.snap_nm === null || r.snap_nm > over);
const header = ["port", "position", "snap nm", "snapped to", "to open water nm", "passages"];
const cells = shown.map((r) => [
  r.port,
  `${r.lat}, ${r.lon}`,
  r.snap_nm === null ? "-" : r.snap_nm.toFixed(2),
  r.snapped_to,
  r.to_open_water_nm === null ? "-" : r.to_open_water_nm.toFixed(1),
  r.passages,
]);
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length)));
const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i] ?? 0)).join("  ");
console.log(line(header));
console.log(line(widths.map((w) => "-".repeat(w))));
for (const c of cells) console.log(line(c));
console.log(
  `\n${rows.length} ports; ${rows.filter((r) => (r.snap_nm ?? 0) > 5).length} snapped over 5 nm; ${rows.filter((r) => r.snap_nm === null).length} refused`,
);
if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
