import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { AppError } from "../errors";

/**
 * API keys. Only a SHA-256 digest of each key is kept (keys are 256-bit random strings, so a
 * fast hash is enough: there is nothing to brute-force); a presented key is looked up by the
 * first 16 hex digits of its digest, then compared in full with timingSafeEqual. The plaintext
 * key exists only in the caller's hands: it is returned once, by create(), and never stored.
 */

export const PLANS = ["per-query", "captain", "fleet", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export const SCOPES = [
  "underwriting",
  "route-risk",
  "insurance",
  "monitoring",
  "webhooks",
  "admin",
] as const;
export type Scope = (typeof SCOPES)[number];

/** Plans that include the route-risk interface, monitored voyages and webhooks as well. */
export const SUBSCRIPTION_PLANS: readonly Plan[] = ["captain", "fleet", "enterprise"];

/**
 * A key's scopes when none are asked for (`keys create` without --scopes, an API_KEYS_FILE entry
 * without "scopes"): every interface its plan pays for, with the insurance fields; never admin,
 * which an operator grants by name.
 */
export function defaultScopes(plan: Plan): Scope[] {
  return SUBSCRIPTION_PLANS.includes(plan)
    ? ["underwriting", "route-risk", "insurance", "monitoring", "webhooks"]
    : ["underwriting"];
}

/** Longest label a key may carry (it is shown in lists, not used for anything else). */
export const MAX_LABEL_LENGTH = 200;

export interface ApiKeyRecord {
  /** Public identifier of the key (safe to log and show): the first 16 hex digits of its digest. */
  id: string;
  digest: Buffer;
  plan: Plan;
  scopes: Scope[];
  revoked: boolean;
  label?: string;
  /** ISO 8601, UTC. */
  created_at: string;
  /** ISO 8601, UTC; null while the key is live. */
  revoked_at: string | null;
}

/** What may be shown about a key: everything but its digest (and the key itself, never kept). */
export interface PublicKeyRecord {
  id: string;
  plan: Plan;
  scopes: Scope[];
  label: string | null;
  created_at: string;
  revoked: boolean;
  revoked_at: string | null;
}

export interface NewApiKey {
  plan: Plan;
  /** Left out: the plan's defaultScopes. An empty list is kept (a key for whoami and usage). */
  scopes?: readonly Scope[];
  label?: string;
}

export interface CreatedApiKey {
  /** The plaintext key: hand it to its owner now, it cannot be recovered later. */
  key: string;
  record: PublicKeyRecord;
}

export interface ApiKeyStore {
  /**
   * False when the deployment has no key at all: the underwriting interface then answers 503.
   * Revoked keys still count: a deployment whose keys were all revoked answers 401, not 503.
   */
  hasKeys(): Promise<boolean>;
  /** The key's record when it exists and is not revoked. */
  authenticate(presented: string): Promise<ApiKeyRecord | null>;
}

/** A store keys can be issued from and revoked in (the `keys` CLI, the admin side). */
export interface ManagedApiKeyStore extends ApiKeyStore {
  /** Mints a new key (generateApiKey); throws RangeError for an unknown plan or scope. */
  create(request: NewApiKey): Promise<CreatedApiKey>;
  /** Every key, revoked ones included, oldest first (created_at, then id). */
  list(): Promise<PublicKeyRecord[]>;
  get(id: string): Promise<PublicKeyRecord | null>;
  /**
   * Revokes at once: the next authenticate on any instance over the same backing fails. True
   * when the id exists (revoking again keeps the first revoked_at), false when it does not.
   */
  revoke(id: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The key store's backing (Redis) did not answer. Maps to 503 dependency_unavailable: the
 * message is safe to show to API clients; `where` (no credentials) and `cause` are for operators.
 */
export class KeyStoreUnavailableError extends AppError {
  override name = "KeyStoreUnavailableError";
  constructor(
    readonly where: string,
    cause: unknown,
  ) {
    super("dependency_unavailable", "the API key store is unavailable; retry shortly", {
      retry_after_s: 5,
    });
    this.cause = cause;
  }
}

/** The key store's contents are unusable (a corrupt file or record): an operator must look. */
export class KeyStoreError extends Error {
  override name = "KeyStoreError";
}

export function digestOf(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

export function keyIdOf(digest: Buffer): string {
  return digest.subarray(0, 8).toString("hex");
}

/** Shape of a key id; anything else is unknown without asking the backing store. */
export const KEY_ID_PATTERN = /^[0-9a-f]{16}$/;

/** A new random key: `vr_` + 43 base64url characters (256 bits). */
export function generateApiKey(): string {
  return `vr_${randomBytes(32).toString("base64url")}`;
}

/** Full constant-time comparison of a stored digest with a presented key's digest. */
export function digestMatches(stored: Buffer, presented: Buffer): boolean {
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}

/**
 * Checks a request for a new key (callers may be plain JavaScript or parsed input) and
 * normalises it: scopes deduplicated in the order given (the plan's defaults when left out), an
 * empty label as none.
 */
export function normalizeNewApiKey(request: NewApiKey): {
  plan: Plan;
  scopes: Scope[];
  label: string | null;
} {
  if (!(PLANS as readonly string[]).includes(request.plan)) {
    throw new RangeError(`unknown plan '${request.plan}' (${PLANS.join(", ")})`);
  }
  const scopes = request.scopes ?? defaultScopes(request.plan);
  for (const scope of scopes) {
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw new RangeError(`unknown scope '${scope}' (${SCOPES.join(", ")})`);
    }
  }
  const label = request.label ?? "";
  if (label.length > MAX_LABEL_LENGTH) {
    throw new RangeError(`label is longer than ${MAX_LABEL_LENGTH} characters`);
  }
  return { plan: request.plan, scopes: [...new Set(scopes)], label: label || null };
}

/** A fresh key and its record (created now, live). The caller stores the record, not the key. */
export function mintApiKey(
  request: NewApiKey,
  now = new Date(),
): {
  key: string;
  record: ApiKeyRecord;
} {
  const { plan, scopes, label } = normalizeNewApiKey(request);
  const key = generateApiKey();
  const digest = digestOf(key);
  return {
    key,
    record: {
      id: keyIdOf(digest),
      digest,
      plan,
      scopes,
      revoked: false,
      ...(label === null ? {} : { label }),
      created_at: now.toISOString(),
      revoked_at: null,
    },
  };
}

export function publicRecordOf(record: ApiKeyRecord): PublicKeyRecord {
  return {
    id: record.id,
    plan: record.plan,
    scopes: [...record.scopes],
    label: record.label ?? null,
    created_at: record.created_at,
    revoked: record.revoked,
    revoked_at: record.revoked_at,
  };
}

/** Listing order of every store: oldest first, ties (same millisecond) by id. */
export function byCreation(a: PublicKeyRecord, b: PublicKeyRecord): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A copy, so a caller holding an authenticated record cannot change the store's. */
function copyOf(record: ApiKeyRecord): ApiKeyRecord {
  return { ...record, scopes: [...record.scopes] };
}

/**
 * Keys held in this process: the start-up dev key, API_KEYS_FILE, and tests. Nothing survives a
 * restart and no other process sees them.
 */
export class MemoryApiKeyStore implements ManagedApiKeyStore {
  private readonly byId = new Map<string, ApiKeyRecord>();

  /** Adds a key whose plaintext the caller already has (dev key, keys file); replaces a same key. */
  add(key: string, plan: Plan, scopes: readonly Scope[], label?: string): ApiKeyRecord {
    const digest = digestOf(key);
    const record: ApiKeyRecord = {
      id: keyIdOf(digest),
      digest,
      plan,
      scopes: [...scopes],
      revoked: false,
      label,
      created_at: new Date().toISOString(),
      revoked_at: null,
    };
    this.byId.set(record.id, record);
    return record;
  }

  async create(request: NewApiKey): Promise<CreatedApiKey> {
    for (;;) {
      const minted = mintApiKey(request);
      // A 64-bit id collision is all but impossible; if one happens, mint again.
      if (this.byId.has(minted.record.id)) continue;
      this.byId.set(minted.record.id, minted.record);
      return { key: minted.key, record: publicRecordOf(minted.record) };
    }
  }

  async list(): Promise<PublicKeyRecord[]> {
    return [...this.byId.values()].map(publicRecordOf).sort(byCreation);
  }

  async get(id: string): Promise<PublicKeyRecord | null> {
    const record = this.byId.get(id);
    return record ? publicRecordOf(record) : null;
  }

  async revoke(id: string): Promise<boolean> {
    const record = this.byId.get(id);
    if (!record) return false;
    if (!record.revoked) {
      record.revoked = true;
      record.revoked_at = new Date().toISOString();
    }
    return true;
  }

  async hasKeys(): Promise<boolean> {
    return this.byId.size > 0;
  }

  async authenticate(presented: string): Promise<ApiKeyRecord | null> {
    const digest = digestOf(presented);
    const record = this.byId.get(keyIdOf(digest));
    if (!record || !digestMatches(record.digest, digest) || record.revoked) return null;
    return copyOf(record);
  }

  /** Nothing to release; the keys stay (a layered store may still hold this one). */
  async close(): Promise<void> {}
}

/**
 * Several stores answering as one, first match wins: the start-up dev key (in memory) beside the
 * persistent store. A store that fails (Redis down) fails the call only when no earlier store
 * had the key: errors are not swallowed, so the API answers 503 rather than a wrong 401.
 */
export class LayeredApiKeyStore implements ApiKeyStore {
  private readonly layers: readonly ApiKeyStore[];

  constructor(layers: readonly ApiKeyStore[]) {
    if (layers.length === 0) throw new RangeError("a layered key store needs at least one store");
    this.layers = [...layers];
  }

  async hasKeys(): Promise<boolean> {
    for (const layer of this.layers) if (await layer.hasKeys()) return true;
    return false;
  }

  async authenticate(presented: string): Promise<ApiKeyRecord | null> {
    for (const layer of this.layers) {
      const record = await layer.authenticate(presented);
      if (record) return record;
    }
    return null;
  }

  /** Closes every layer that can be closed (each is tried even if one fails). */
  async close(): Promise<void> {
    const results = await Promise.allSettled(
      this.layers.map((layer) => (layer as Partial<ManagedApiKeyStore>).close?.call(layer)),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  }
}

const keysFileSchema = z.array(
  z.object({
    key: z.string().min(16, "keys must be at least 16 characters"),
    plan: z.enum(PLANS),
    scopes: z.array(z.enum(SCOPES)).optional(),
    label: z.string().optional(),
  }),
);

export class KeysFileError extends Error {
  override name = "KeysFileError";
}

/** Reads API_KEYS_FILE: exactly the keys it lists exist. Errors name the file and the entry. */
export function loadKeysFile(path: string, store = new MemoryApiKeyStore()): MemoryApiKeyStore {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    throw new KeysFileError(`API_KEYS_FILE ${path}: ${(err as Error).message}`);
  }
  const parsed = keysFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `[${i.path.join(".")}] ${i.message}`).join("; ");
    throw new KeysFileError(`API_KEYS_FILE ${path}: ${issues}`);
  }
  for (const k of parsed.data) store.add(k.key, k.plan, k.scopes ?? defaultScopes(k.plan), k.label);
  return store;
}
