import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * API keys. Only a SHA-256 digest of each key is kept (keys are 256-bit random strings, so a
 * fast hash is enough: there is nothing to brute-force); a presented key is looked up by the
 * first 16 hex digits of its digest, then compared in full with timingSafeEqual.
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

export interface ApiKeyRecord {
  /** Public identifier of the key (safe to log and show): the first 16 hex digits of its digest. */
  id: string;
  digest: Buffer;
  plan: Plan;
  scopes: Scope[];
  revoked: boolean;
  label?: string;
}

export interface ApiKeyStore {
  /** False when the deployment has no key at all: the underwriting interface then answers 503. */
  hasKeys(): Promise<boolean>;
  /** The key's record when it exists and is not revoked. */
  authenticate(presented: string): Promise<ApiKeyRecord | null>;
}

export function digestOf(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

export function keyIdOf(digest: Buffer): string {
  return digest.subarray(0, 8).toString("hex");
}

/** A new random key: `vr_` + 43 base64url characters (256 bits). */
export function generateApiKey(): string {
  return `vr_${randomBytes(32).toString("base64url")}`;
}

export class MemoryApiKeyStore implements ApiKeyStore {
  private readonly byId = new Map<string, ApiKeyRecord>();

  add(key: string, plan: Plan, scopes: readonly Scope[], label?: string): ApiKeyRecord {
    const digest = digestOf(key);
    const record: ApiKeyRecord = {
      id: keyIdOf(digest),
      digest,
      plan,
      scopes: [...scopes],
      revoked: false,
      label,
    };
    this.byId.set(record.id, record);
    return record;
  }

  async hasKeys(): Promise<boolean> {
    return this.byId.size > 0;
  }

  async authenticate(presented: string): Promise<ApiKeyRecord | null> {
    const digest = digestOf(presented);
    const record = this.byId.get(keyIdOf(digest));
    if (!record || !timingSafeEqual(record.digest, digest) || record.revoked) return null;
    return record;
  }
}

const keysFileSchema = z.array(
  z.object({
    key: z.string().min(16, "keys must be at least 16 characters"),
    plan: z.enum(PLANS),
    scopes: z.array(z.enum(SCOPES)).default([]),
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
  for (const k of parsed.data) store.add(k.key, k.plan, k.scopes, k.label);
  return store;
}
