import type avro from "avsc";
import type { DependencyHealth } from "../health";
import { AvroWire, type DecodedEvent, type EventCodec } from "./codec";
import type { EventRecord } from "./port";
import type { SchemaCatalog } from "./schema-catalog";

/** An in-process schema registry: assigns ids in registration order, like a fresh registry would. */
export class MemoryCodec implements EventCodec {
  readonly adapter = "memory" as const;
  private readonly byId = new Map<number, avro.Type>();
  private readonly latestId = new Map<string, number>();
  private readonly wire: AvroWire;

  constructor(private readonly catalog: SchemaCatalog) {
    this.wire = new AvroWire(catalog, async (id) => this.byId.get(id));
  }

  async registerAll(): Promise<void> {
    if (this.latestId.size > 0) return;
    for (const schema of this.catalog.all()) {
      for (const v of schema.versions) {
        const id = this.byId.size + 1;
        this.byId.set(id, v.type);
        this.latestId.set(schema.fullName, id);
      }
    }
  }

  async encode(type: string, value: EventRecord): Promise<Buffer> {
    const id = this.latestId.get(type);
    if (id === undefined) throw new Error(`event type ${type} is not registered`);
    return this.wire.encode(id, type, value);
  }

  decode(bytes: Buffer | null): Promise<DecodedEvent> {
    return this.wire.decode(bytes);
  }

  async health(): Promise<DependencyHealth> {
    return { adapter: "memory", status: "up", latency_ms: 0, detail: `${this.byId.size} schemas` };
  }
}
