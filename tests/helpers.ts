import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { DEFAULT_SCHEMA_DIR, SchemaCatalog } from "../services/platform/events/schema-catalog";

export const FIXTURE_SCHEMA_DIR = resolve(import.meta.dirname, "fixtures/avro");

/** The production schemas plus the test-only ones. */
export const testCatalog = (): SchemaCatalog =>
  SchemaCatalog.load([DEFAULT_SCHEMA_DIR, FIXTURE_SCHEMA_DIR]);

export const uniqueName = (label: string): string => `${label}_${randomUUID().slice(0, 8)}`;

/**
 * Polls until `check` returns true; fails the test with `what` after `timeoutMs`, and with what
 * `seen` answers then (what the test was looking at), so a failure in CI says what it saw.
 */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
  seen?: () => unknown,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  const saw = seen ? `; saw ${JSON.stringify(await seen())}` : "";
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${saw}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Deletes the Kafka topics a test run created under its own prefix (keeps a dev broker small). */
export async function deleteKafkaTopics(brokers: string[], prefix: string): Promise<void> {
  const { Kafka, logLevel } = await import("kafkajs");
  const admin = new Kafka({
    clientId: "test-cleanup",
    brokers,
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}
