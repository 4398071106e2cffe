import { MemoryApiKeyStore } from "../../services/platform/keys/api-keys";
import { apiKeyStoreContract } from "./api-keys.contract";

/**
 * A memory store's backing is the instance itself, so "a second instance on the same backing" is
 * the same instance: the factory hands it out until cleanup, and the next test gets a fresh one.
 */
let shared: MemoryApiKeyStore | undefined;

apiKeyStoreContract(
  "memory",
  async () => {
    shared ??= new MemoryApiKeyStore();
    return shared;
  },
  async () => {
    shared = undefined;
  },
);
