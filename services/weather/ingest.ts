import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { CycleFields } from "./cycle-registry";
import type { CycleManifest, CycleStore } from "./cycle-store";
import { decodeGrib, type GribMessage } from "./grib/decode";
import { GribError } from "./grib/errors";
import { GriddedError } from "./gridded/errors";
import { fromGribMessages } from "./gridded/from-grib";
import type { GriddedField } from "./gridded/types";
import { weatherModel } from "./models";

/**
 * GRIB2 files of one forecast cycle in, a stored cycle and its WeatherCycleLanded fields out.
 * Every file is decoded and the cycle checked for completeness before anything is written: a
 * corrupt or truncated file, or an incomplete cycle, lands nothing.
 */

export type IngestErrorCode =
  | "ingest_unknown_model"
  | "ingest_no_files"
  | "ingest_unreadable_file"
  | "ingest_bad_grib"
  | "ingest_mixed_cycles"
  | "ingest_incomplete_cycle"
  | "ingest_inconsistent_fields"
  | "ingest_no_weather";

export class IngestError extends Error {
  constructor(
    readonly code: IngestErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "IngestError";
  }
}

/** A cycle must carry at least one of these (waves or wind) to be worth scoring against. */
const CORE_PARAMETERS = [["HTSGW"], ["UGRD", "VGRD"], ["WIND"]];

export interface IngestResult {
  manifest: CycleManifest;
  /** The fields of the WeatherCycleLanded event to publish. */
  landed: CycleFields;
}

export async function ingestGribFiles(
  paths: readonly string[],
  modelId: string,
  store: CycleStore,
  nowMs: number,
  /** Where the files came from, for the landed event (a feed names its provider). */
  options: { source?: string } = {},
): Promise<IngestResult> {
  const model = weatherModel(modelId);
  if (!model || model.synthetic) {
    throw new IngestError("ingest_unknown_model", `unknown model '${modelId}' for GRIB ingest`, {
      model: modelId,
    });
  }
  if (paths.length === 0) throw new IngestError("ingest_no_files", "no files to ingest");

  const messages: GribMessage[] = [];
  for (const path of paths) {
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (err) {
      throw new IngestError("ingest_unreadable_file", `cannot read ${basename(path)}`, {
        file: basename(path),
        reason: (err as NodeJS.ErrnoException).code ?? String(err),
      });
    }
    try {
      messages.push(...decodeGrib(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)));
    } catch (err) {
      if (err instanceof GribError) {
        throw new IngestError("ingest_bad_grib", `${basename(path)}: ${err.message}`, {
          file: basename(path),
          grib_code: err.code,
          ...err.details,
        });
      }
      throw err;
    }
  }

  const fields = messages.flatMap((m) => m.fields);
  const cycles = new Set(fields.map((f) => f.identification.referenceTimeMs));
  if (cycles.size !== 1) {
    throw new IngestError(
      "ingest_mixed_cycles",
      "the files hold more than one forecast cycle (reference time); ingest one cycle at a time",
      { cycles: [...cycles].sort().map((t) => new Date(t).toISOString()) },
    );
  }
  const cycleMs = fields[0]?.identification.referenceTimeMs as number;

  // Members: perturbation numbers of ensemble products; a deterministic model is member 0.
  const memberIds = [...new Set(fields.map((f) => f.product.ensemble?.perturbationNumber ?? 0))];
  memberIds.sort((a, b) => a - b);
  const members = new Map<number, GriddedField>();
  for (const member of memberIds) {
    const label = `${model.id} ${new Date(cycleMs).toISOString()} member ${member} (GRIB2 ingest)`;
    try {
      members.set(
        member,
        fromGribMessages(messages, {
          select: (f) => (f.product.ensemble?.perturbationNumber ?? 0) === member,
          label,
        }),
      );
    } catch (err) {
      if (err instanceof GriddedError) {
        throw new IngestError("ingest_inconsistent_fields", err.message, {
          member,
          gridded_code: err.code,
          ...err.details,
        });
      }
      throw err;
    }
  }

  // Complete: every member has the same parameters at the same valid times.
  const signature = (f: GriddedField) =>
    [...f.parameters.values()]
      .map((p) => `${p.name}@${[...p.timesMs].join(",")}`)
      .sort()
      .join(";");
  const first = members.get(memberIds[0] as number) as GriddedField;
  for (const [member, field] of members) {
    if (signature(field) !== signature(first)) {
      throw new IngestError(
        "ingest_incomplete_cycle",
        `member ${member} does not have the same parameters and valid times as member ${memberIds[0]}`,
        {
          member,
          expected: [...first.parameters.keys()].sort(),
          found: [...field.parameters.keys()].sort(),
        },
      );
    }
  }
  const parameters = [...first.parameters.keys()].sort();
  if (!CORE_PARAMETERS.some((set) => set.every((p) => first.parameters.has(p)))) {
    throw new IngestError(
      "ingest_no_weather",
      "the cycle has neither waves (HTSGW) nor 10 m wind (UGRD+VGRD or WIND)",
      { parameters },
    );
  }

  const params = [...first.parameters.values()];
  const validFrom = Math.min(...params.map((p) => p.timesMs[0] as number));
  const validTo = Math.max(...params.map((p) => p.timesMs[p.timesMs.length - 1] as number));
  const resolution = Math.min(...params.map((p) => p.grid.dlat || p.grid.dlon));
  const manifest: CycleManifest = {
    format: 1,
    model: model.id,
    cycle_utc: new Date(cycleMs).toISOString(),
    cycle_ms: cycleMs,
    members: memberIds,
    parameters,
    valid_from_utc: new Date(validFrom).toISOString(),
    valid_to_utc: new Date(validTo).toISOString(),
    resolution_deg: resolution,
    horizon_h: Math.round((validTo - cycleMs) / 3_600_000),
    source_files: paths.map((p) => basename(p)),
    ...(options.source ? { source: options.source } : {}),
    ingested_at_utc: new Date(nowMs).toISOString(),
  };
  await store.write(manifest, members);
  return { manifest, landed: landedFields(manifest) };
}

export function landedFields(manifest: CycleManifest): CycleFields {
  return {
    model: manifest.model,
    cycle_time: manifest.cycle_ms,
    members: manifest.members.length,
    resolution_deg: manifest.resolution_deg,
    horizon_h: manifest.horizon_h,
    synthetic: false,
    source: manifest.source ?? `GRIB2 ingest: ${manifest.source_files.join(", ")}`,
  };
}
