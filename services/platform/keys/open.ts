import type { Config } from "../config";
import type { ManagedApiKeyStore } from "./api-keys";
import { FileApiKeyStore } from "./file-store";
import { RedisApiKeyStore } from "./redis-store";

/** Where the embedded default keeps its managed keys when API_KEYS_STORE_FILE is not set. */
export const DEFAULT_API_KEYS_STORE_FILE = ".local/api-keys.json";

/** The embedded default's key file (API_KEYS_STORE_FILE, or the default). */
export function apiKeysStoreFileOf(config: Config): string {
  return config.API_KEYS_STORE_FILE ?? DEFAULT_API_KEYS_STORE_FILE;
}

/**
 * The persistent store keys are issued from: Redis in platform mode (every API process sees the
 * same keys), a file on this host in the embedded default. Nothing connects until first use.
 */
export function openManagedKeyStore(config: Config): ManagedApiKeyStore {
  if (config.VOYAGE_RISK_MODE === "platform") {
    return new RedisApiKeyStore({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
  }
  return new FileApiKeyStore(apiKeysStoreFileOf(config));
}
