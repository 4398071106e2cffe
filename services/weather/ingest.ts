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
  const model = knownModel(modelId);
  if (paths.length === 0) throw new IngestError("ingest_no_files", "no files to ingest");
  const messages: GribMessage[] = [];
  for (const path of paths) messages.push(...(await decodeFile(path)));
  const fields = messages.flatMap((m) => m.fields);
  const cycleMs = oneCycle(fields.map((f) => f.identification.referenceTimeMs));

  // Members: perturbation numbers of ensemble products; a deterministic model is member 0.
  const memberIds = [...new Set(fields.map((f) => f.product.ensemble?.perturbationNumber ?? 0))];
  memberIds.sort((a, b) => a - b);
  const cycle = new CycleAssembly(model.id, cycleMs);
  for (const member of memberIds) {
    cycle.add(member, memberField(messages, model.id, cycleMs, member));
  }
  const manifest = cycle.manifest(paths, nowMs, options.source);
  await store.write(manifest, cycle.members);
  return { manifest, landed: landedFields(manifest) };
}

/**
 * The same ingest, one member at a time: each member's files are decoded, turned into its
 * gridded field and written before the next member is read, so only one member is ever in
 * memory (a feed's ensemble cycle would not fit whole). The checks are the same; the cycle is
 * still stored whole or not at all.
 */
export async function ingestMemberFiles(
  files: ReadonlyMap<number, readonly string[]>,
  modelId: string,
  store: CycleStore,
  nowMs: number,
  options: { source?: string } = {},
): Promise<IngestResult> {
  const model = knownModel(modelId);
  const all = [...files.values()].flat();
  if (all.length === 0) throw new IngestError("ingest_no_files", "no files to ingest");
  const writer = await store.begin(model.id);
  try {
    let cycle: CycleAssembly | undefined;
    for (const member of [...files.keys()].sort((a, b) => a - b)) {
      let field: GriddedField | undefined;
      let cycleMs = cycle?.cycleMs;
      for (const path of files.get(member) ?? []) {
        // A file at a time into the member's field, its decoded values dropped after it.
        const messages = await decodeFile(path);
        const fields = messages.flatMap((m) => m.fields);
        cycleMs = oneCycle([
          ...(cycleMs === undefined ? [] : [cycleMs]),
          ...fields.map((f) => f.identification.referenceTimeMs),
        ]);
        const others = fields.filter(
          (f) => (f.product.ensemble?.perturbationNumber ?? 0) !== member,
        );
        if (others.length > 0) {
          throw new IngestError(
            "ingest_inconsistent_fields",
            `${basename(path)} holds fields of member ${others[0]?.product.ensemble?.perturbationNumber ?? 0}, not only of member ${member}`,
            { file: basename(path), member },
          );
        }
        field = mergeFields(field, memberField(messages, model.id, cycleMs, member));
      }
      if (!field || cycleMs === undefined) continue;
      cycle ??= new CycleAssembly(model.id, cycleMs);
      cycle.add(member, field, true);
      await writer.member(member, field);
    }
    if (!cycle) throw new IngestError("ingest_no_files", "no files to ingest");
    const manifest = cycle.manifest(all, nowMs, options.source);
    await writer.commit(manifest);
    return { manifest, landed: landedFields(manifest) };
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

function knownModel(modelId: string) {
  const model = weatherModel(modelId);
  if (!model || model.synthetic) {
    throw new IngestError("ingest_unknown_model", `unknown model '${modelId}' for GRIB ingest`, {
      model: modelId,
    });
  }
  return model;
}

async function decodeFile(path: string): Promise<GribMessage[]> {
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
    return decodeGrib(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
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

/** The one reference time of these fields; more than one is refused. */
function oneCycle(referenceTimes: readonly number[]): number {
  const cycles = new Set(referenceTimes);
  if (cycles.size !== 1) {
    throw new IngestError(
      "ingest_mixed_cycles",
      "the files hold more than one forecast cycle (reference time); ingest one cycle at a time",
      { cycles: [...cycles].sort().map((t) => new Date(t).toISOString()) },
    );
  }
  return referenceTimes[0] as number;
}

function memberField(
  messages: readonly GribMessage[],
  modelId: string,
  cycleMs: number,
  member: number,
): GriddedField {
  const label = `${modelId} ${new Date(cycleMs).toISOString()} member ${member} (GRIB2 ingest)`;
  try {
    return fromGribMessages(messages, {
      select: (f) => (f.product.ensemble?.perturbationNumber ?? 0) === member,
      label,
    });
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

/** A member's field from two files' fields: each parameter's times put together in order. */
function mergeFields(a: GriddedField | undefined, b: GriddedField): GriddedField {
  if (!a) return b;
  const parameters = new Map(a.parameters);
  for (const [name, q] of b.parameters) {
    const p = parameters.get(name);
    if (!p) {
      parameters.set(name, q);
      continue;
    }
    if (JSON.stringify(p.grid) !== JSON.stringify(q.grid)) {
      throw new IngestError(
        "ingest_inconsistent_fields",
        `${name} is on different grids in different files`,
        { parameter: name },
      );
    }
    const byTime = new Map<number, Float32Array>();
    p.timesMs.forEach((t, i) => {
      byTime.set(t, p.planes[i] as Float32Array);
    });
    q.timesMs.forEach((t, i) => {
      if (byTime.has(t)) {
        throw new IngestError(
          "ingest_inconsistent_fields",
          `${name} appears twice for ${new Date(t).toISOString()}`,
          { parameter: name },
        );
      }
      byTime.set(t, q.planes[i] as Float32Array);
    });
    const times = [...byTime.keys()].sort((x, y) => x - y);
    parameters.set(name, {
      ...p,
      timesMs: Float64Array.from(times),
      planes: times.map((t) => byTime.get(t) as Float32Array),
    });
  }
  return { label: a.label, parameters };
}

/**
 * The members of a cycle as they come, checked against the first (the same parameters at the
 * same valid times), and the manifest of the whole.
 */
class CycleAssembly {
  readonly members = new Map<number, GriddedField>();
  private readonly memberIds: number[] = [];
  private first?: { member: number; signature: string; parameters: GriddedField["parameters"] };

  constructor(
    private readonly model: string,
    readonly cycleMs: number,
  ) {}

  /** `forget`: keep only what the checks need (the member is written elsewhere). */
  add(member: number, field: GriddedField, forget = false): void {
    const signature = [...field.parameters.values()]
      .map((p) => `${p.name}@${[...p.timesMs].join(",")}`)
      .sort()
      .join(";");
    if (!this.first) {
      this.first = { member, signature, parameters: field.parameters };
    } else if (signature !== this.first.signature) {
      throw new IngestError(
        "ingest_incomplete_cycle",
        `member ${member} does not have the same parameters and valid times as member ${this.first.member}`,
        {
          member,
          expected: [...this.first.parameters.keys()].sort(),
          found: [...field.parameters.keys()].sort(),
        },
      );
    }
    this.memberIds.push(member);
    if (!forget) this.members.set(member, field);
    else if (this.first.member === member) {
      // Only the first member's geometry and times are kept, not its planes' values.
      this.first.parameters = new Map(
        [...field.parameters].map(([n, p]) => [n, { ...p, planes: [] }]),
      );
    }
  }

  manifest(paths: readonly string[], nowMs: number, source?: string): CycleManifest {
    const firstParameters = this.first?.parameters ?? new Map();
    const parameters = [...firstParameters.keys()].sort();
    if (!CORE_PARAMETERS.some((set) => set.every((p) => firstParameters.has(p)))) {
      throw new IngestError(
        "ingest_no_weather",
        "the cycle has neither waves (HTSGW) nor 10 m wind (UGRD+VGRD or WIND)",
        { parameters },
      );
    }
    const params = [...firstParameters.values()];
    const validFrom = Math.min(...params.map((p) => p.timesMs[0] as number));
    const validTo = Math.max(...params.map((p) => p.timesMs[p.timesMs.length - 1] as number));
    const resolution = Math.min(...params.map((p) => p.grid.dlat || p.grid.dlon));
    return {
      format: 1,
      model: this.model,
      cycle_utc: new Date(this.cycleMs).toISOString(),
      cycle_ms: this.cycleMs,
      members: [...this.memberIds].sort((a, b) => a - b),
      parameters,
      valid_from_utc: new Date(validFrom).toISOString(),
      valid_to_utc: new Date(validTo).toISOString(),
      resolution_deg: resolution,
      horizon_h: Math.round((validTo - this.cycleMs) / 3_600_000),
      source_files: paths.map((p) => basename(p)),
      ...(source ? { source } : {}),
      ingested_at_utc: new Date(nowMs).toISOString(),
    };
  }
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
