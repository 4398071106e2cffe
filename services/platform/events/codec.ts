import type avro from "avsc";
import type { DependencyHealth } from "../health";
import type { EventRecord } from "./port";
import type { SchemaCatalog } from "./schema-catalog";

/**
 * Confluent wire format: magic byte 0, the 4-byte big-endian schema id, then the Avro binary
 * body. Both codecs (registry-backed and in-memory) write exactly this, so the in-process bus
 * stores the same bytes Kafka would and fails on the same poison.
 */

const MAGIC = 0;
const HEADER_BYTES = 5;

/** Why a message can never be decoded; it goes to the DLQ instead of being retried. */
export type PoisonReason =
  | "empty-value"
  | "bad-magic-byte"
  | "unknown-schema-id"
  | "avro-decode-failed";

export class PoisonMessageError extends Error {
  constructor(
    readonly reason: PoisonReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = "PoisonMessageError";
  }
}

export interface DecodedEvent {
  type: string;
  schemaId: number;
  value: EventRecord;
}

/** Turns event records into wire bytes and back; registers the catalog's schemas first. */
export interface EventCodec {
  readonly adapter: "schema-registry" | "memory";
  /** Registers every version of every schema in the catalog (idempotent). */
  registerAll(): Promise<void>;
  encode(type: string, value: EventRecord): Promise<Buffer>;
  /** Throws PoisonMessageError for bytes that can never decode; other errors are transient. */
  decode(bytes: Buffer | null): Promise<DecodedEvent>;
  health(): Promise<DependencyHealth>;
}

export function frame(schemaId: number, body: Buffer): Buffer {
  const out = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  out.writeUInt8(MAGIC, 0);
  out.writeInt32BE(schemaId, 1);
  body.copy(out, HEADER_BYTES);
  return out;
}

export function unframe(bytes: Buffer | null): { schemaId: number; body: Buffer } {
  if (!bytes || bytes.length === 0)
    throw new PoisonMessageError("empty-value", "message has no value");
  if (bytes.length < HEADER_BYTES || bytes.readUInt8(0) !== MAGIC) {
    throw new PoisonMessageError(
      "bad-magic-byte",
      `not Confluent wire format (first byte ${bytes.readUInt8(0)}, length ${bytes.length})`,
    );
  }
  return { schemaId: bytes.readInt32BE(1), body: bytes.subarray(HEADER_BYTES) };
}

/**
 * Shared Avro half of both codecs: given how to find a writer schema by id and the id of our
 * newest schema per type, encode with the newest and decode any registered writer through the
 * newest reader of the same name (schema evolution).
 */
export class AvroWire {
  private readonly readers = new Map<number, { type: string; read: (body: Buffer) => unknown }>();

  constructor(
    private readonly catalog: SchemaCatalog,
    private readonly writerSchema: (schemaId: number) => Promise<avro.Type | undefined>,
  ) {}

  encode(schemaId: number, type: string, value: EventRecord): Buffer {
    const schema = this.catalog.require(type).latest.type;
    const errors: string[] = [];
    const valid = schema.isValid(value, {
      errorHook: (path: string[]) => errors.push(path.join(".") || "(root)"),
    });
    if (!valid) throw new Error(`event ${type} does not match its schema at: ${errors.join(", ")}`);
    return frame(schemaId, schema.toBuffer(value));
  }

  async decode(bytes: Buffer | null): Promise<DecodedEvent> {
    const { schemaId, body } = unframe(bytes);
    const reader = this.readers.get(schemaId) ?? (await this.buildReader(schemaId));
    try {
      return { type: reader.type, schemaId, value: reader.read(body) as EventRecord };
    } catch (err) {
      throw new PoisonMessageError("avro-decode-failed", (err as Error).message);
    }
  }

  private async buildReader(schemaId: number) {
    const writer = await this.writerSchema(schemaId);
    if (!writer)
      throw new PoisonMessageError("unknown-schema-id", `schema id ${schemaId} is not registered`);
    const name = writer.name ?? "(anonymous)";
    const ours = this.catalog.get(name)?.latest.type;
    // A type we do not know (another service's newer event) still decodes with its writer schema.
    const read = ours
      ? (() => {
          const resolver = ours.createResolver(writer);
          return (body: Buffer) => ours.fromBuffer(body, resolver);
        })()
      : (body: Buffer) => writer.fromBuffer(body);
    const reader = { type: name, read };
    this.readers.set(schemaId, reader);
    return reader;
  }
}
