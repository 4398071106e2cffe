import { COMPATIBILITY, SchemaRegistry, SchemaType } from "@kafkajs/confluent-schema-registry";
import type avro from "avsc";
import { type DependencyHealth, probeDependency } from "../health";
import { describeWithoutCredentials } from "../redis-connection";
import { AvroWire, type DecodedEvent, type EventCodec } from "./codec";
import type { EventRecord } from "./port";
import type { SchemaCatalog } from "./schema-catalog";

/**
 * Codec backed by a Confluent-compatible Schema Registry (Apicurio's /apis/ccompat/v7 here,
 * Confluent's in other deployments). Subjects follow RecordNameStrategy (subject = record full
 * name) because one topic carries several event types, and each subject is BACKWARD compatible.
 */
export class RegistryCodec implements EventCodec {
  readonly adapter = "schema-registry" as const;
  private readonly registry: SchemaRegistry;
  private readonly latestId = new Map<string, number>();
  private readonly wire: AvroWire;
  /** The registry's URL without credentials: what requests go to, and what health reports. */
  private readonly url: string;
  /** The URL's user and password, sent as HTTP Basic authentication (never reported). */
  private readonly auth: { username: string; password: string } | undefined;

  constructor(
    private readonly catalog: SchemaCatalog,
    url: string,
  ) {
    this.url = describeWithoutCredentials(url, "schema registry").replace(/\/+$/, "");
    this.auth = credentialsOf(url);
    this.registry = new SchemaRegistry({
      host: this.url,
      ...(this.auth ? { auth: this.auth } : {}),
      clientId: "voyage-risk",
      retry: { retries: 2 },
    });
    this.wire = new AvroWire(catalog, (id) => this.writerSchema(id));
  }

  async registerAll(): Promise<void> {
    for (const schema of this.catalog.all()) {
      for (const v of schema.versions) {
        const { id } = await this.registry.register(
          { type: SchemaType.AVRO, schema: v.text },
          { subject: schema.fullName, compatibility: COMPATIBILITY.BACKWARD },
        );
        this.latestId.set(schema.fullName, id);
      }
    }
  }

  async encode(type: string, value: EventRecord): Promise<Buffer> {
    const id = this.latestId.get(type);
    if (id === undefined)
      throw new Error(`event type ${type} is not registered (call registerAll first)`);
    return this.wire.encode(id, type, value);
  }

  decode(bytes: Buffer | null): Promise<DecodedEvent> {
    return this.wire.decode(bytes);
  }

  health(): Promise<DependencyHealth> {
    const headers: Record<string, string> = this.auth
      ? {
          Authorization: `Basic ${Buffer.from(`${this.auth.username}:${this.auth.password}`).toString("base64")}`,
        }
      : {};
    return probeDependency("schema-registry", this.url, async () => {
      const res = await fetch(`${this.url}/subjects`, {
        headers,
        signal: AbortSignal.timeout(2000),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET /subjects answered ${res.status}`);
    });
  }

  /** undefined only when the registry says the id does not exist (a poison message). */
  private async writerSchema(id: number): Promise<avro.Type | undefined> {
    try {
      return (await this.registry.getSchema(id)) as avro.Type;
    } catch (err) {
      if ((err as { status?: number }).status === 404) return undefined;
      throw err;
    }
  }
}

/** The user and password a URL carries (percent-decoded), if any. */
function credentialsOf(url: string): { username: string; password: string } | undefined {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return undefined;
    return {
      username: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
    };
  } catch {
    return undefined;
  }
}
