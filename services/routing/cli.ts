import { parseArgs } from "node:util";
import { z } from "zod";
import { fail, joinNegativeValues, tryParse } from "../cli-output";
import { EngineError } from "../engine/errors";
import { OBJECTIVES } from "../engine/routing/types";
import { MAX_PARTICULARS } from "../engine/scoring/vessel-types";
import { routeFeature } from "./geojson";
import { buildRoutingNetwork } from "./network";

/**
 * `voyage-risk route --from <lat,lon> --to <lat,lon> [--objective o] [--departure iso]
 *  [--draft-m m] [--beam-m m] [--loa-m m] [--air-draft-m m] [--speed-kts kts] [--avoid a,b]`
 * Prints the route as a GeoJSON Feature; on failure prints {"error": {...}} and exits non-zero.
 */
const latLon = z
  .string()
  .regex(/^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/, "expected <lat,lon>, e.g. 51.9,4.1")
  .transform((s) => s.split(",").map(Number) as [number, number])
  .refine(
    ([lat, lon]) => Math.abs(lat) <= 90 && Math.abs(lon) <= 180,
    "latitude must be within ±90, longitude within ±180",
  );
const positive = z.coerce.number().positive();

const argsSchema = z.object({
  from: latLon,
  to: latLon,
  objective: z.enum(OBJECTIVES).default("fastest"),
  /** Default: now (a route's timing and its weather start from the departure). */
  departure: z.iso.datetime({ offset: true }).optional(),
  "draft-m": positive.max(MAX_PARTICULARS.draft_m).optional(),
  "beam-m": positive.max(MAX_PARTICULARS.beam_m).optional(),
  "loa-m": positive.max(MAX_PARTICULARS.loa_m).optional(),
  "air-draft-m": positive.max(MAX_PARTICULARS.air_draft_m).optional(),
  "speed-kts": positive.max(MAX_PARTICULARS.speed_kts).default(14),
  avoid: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean),
    ),
});

export function runRouteCommand(argv: string[]): number {
  const args = tryParse(() =>
    parseArgs({
      args: joinNegativeValues(argv),
      options: {
        from: { type: "string" },
        to: { type: "string" },
        objective: { type: "string" },
        departure: { type: "string" },
        "draft-m": { type: "string" },
        "beam-m": { type: "string" },
        "loa-m": { type: "string" },
        "air-draft-m": { type: "string" },
        "speed-kts": { type: "string" },
        avoid: { type: "string" },
      },
      strict: true,
    }),
  );
  if ("error" in args) return fail("invalid_input", args.error);
  const parsed = argsSchema.safeParse(args.values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail("invalid_input", `--${issue?.path.join(".")}: ${issue?.message}`);
  }
  const a = parsed.data;
  try {
    const network = buildRoutingNetwork();
    const route = network.route({
      from: { lat: a.from[0], lon: a.from[1] },
      to: { lat: a.to[0], lon: a.to[1] },
      objective: a.objective,
      departureMs: a.departure === undefined ? Date.now() : Date.parse(a.departure),
      vessel: {
        speed_kts: a["speed-kts"],
        draft_m: a["draft-m"],
        beam_m: a["beam-m"],
        loa_m: a["loa-m"],
        air_draft_m: a["air-draft-m"],
      },
      avoid: a.avoid,
    });
    process.stdout.write(`${JSON.stringify(routeFeature(route, network))}\n`);
    return 0;
  } catch (err) {
    if (err instanceof EngineError) return fail(err.code, err.message, err.details);
    throw err;
  }
}
