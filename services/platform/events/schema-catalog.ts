import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import avro from "avsc";

/**
 * The event contracts: every directory under schemas/avro is one record type named by its
 * Avro full name, holding v1.avsc, v2.avsc, ... The highest version is what we write; every
 * version is registered in order so the registry keeps the history and enforces BACKWARD
 * compatibility, and older writers are read through the newest schema.
 */

export interface SchemaVersion {
  version: number;
  /** Schema text exactly as registered. */
  text: string;
  type: avro.Type;
}

export interface EventSchema {
  /** Avro full name, also the registry subject (RecordNameStrategy). */
  fullName: string;
  versions: SchemaVersion[];
  latest: SchemaVersion;
}

export const DEFAULT_SCHEMA_DIR = resolve(import.meta.dirname, "../../../schemas/avro");

/** Each schema gets fresh options: avsc keeps its name registry inside the options object. */
export function parseAvro(text: string): avro.Type {
  return avro.Type.forSchema(JSON.parse(text), { wrapUnions: false });
}

export class SchemaCatalog {
  private readonly byName = new Map<string, EventSchema>();

  constructor(schemas: EventSchema[]) {
    for (const s of schemas) this.byName.set(s.fullName, s);
  }

  static load(dirs: string[] = [DEFAULT_SCHEMA_DIR]): SchemaCatalog {
    const schemas: EventSchema[] = [];
    for (const dir of dirs) {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        schemas.push(loadSchemaDir(join(dir, entry.name), entry.name));
      }
    }
    return new SchemaCatalog(schemas);
  }

  all(): EventSchema[] {
    return [...this.byName.values()];
  }

  get(fullName: string): EventSchema | undefined {
    return this.byName.get(fullName);
  }

  require(fullName: string): EventSchema {
    const s = this.byName.get(fullName);
    if (!s) throw new Error(`no Avro schema for event type ${fullName} under schemas/avro`);
    return s;
  }
}

function loadSchemaDir(dir: string, dirName: string): EventSchema {
  const versions = readdirSync(dir)
    .map((f) => /^v(\d+)\.avsc$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => {
      const text = readFileSync(join(dir, m[0]), "utf8");
      return { version: Number(m[1]), text, type: parseAvro(text) };
    })
    .sort((a, b) => a.version - b.version);
  const latest = versions.at(-1);
  if (!latest) throw new Error(`${dir}: no v<N>.avsc file`);
  versions.forEach((v, i) => {
    if (v.version !== i + 1) throw new Error(`${dir}: versions must be v1..vN without gaps`);
    if (v.type.name !== dirName) {
      throw new Error(`${dir}/v${v.version}.avsc declares ${v.type.name}, expected ${dirName}`);
    }
  });
  return { fullName: dirName, versions, latest };
}
