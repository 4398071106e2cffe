import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration: Kafka durability", () => {
  it("defaults to one replica and a minimum of one in sync (a single broker)", () => {
    const config = loadConfig({});
    expect(config.KAFKA_REPLICATION_FACTOR).toBe(1);
    expect(config.KAFKA_MIN_INSYNC_REPLICAS).toBe(1);
  });

  it("takes both from the environment", () => {
    const config = loadConfig({ KAFKA_REPLICATION_FACTOR: "3", KAFKA_MIN_INSYNC_REPLICAS: "2" });
    expect(config).toMatchObject({ KAFKA_REPLICATION_FACTOR: 3, KAFKA_MIN_INSYNC_REPLICAS: 2 });
  });

  it("refuses a minimum in sync above the replication factor, naming the variable", () => {
    expect(() =>
      loadConfig({ KAFKA_REPLICATION_FACTOR: "1", KAFKA_MIN_INSYNC_REPLICAS: "2" }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ KAFKA_REPLICATION_FACTOR: "1", KAFKA_MIN_INSYNC_REPLICAS: "2" }),
    ).toThrow(/KAFKA_MIN_INSYNC_REPLICAS: .*KAFKA_REPLICATION_FACTOR \(1\)/);
  });
});

describe("configuration: the embedded default's retention", () => {
  it("bounds the in-process bus and analytics by default", () => {
    expect(loadConfig({})).toMatchObject({
      EMBEDDED_BUS_RETENTION_MS: 3_600_000,
      EMBEDDED_BUS_RETENTION_BYTES: 4 * 1_048_576,
      EMBEDDED_ANALYTICS_RETENTION_MS: 7 * 86_400_000,
      EMBEDDED_ANALYTICS_RETENTION_BYTES: 128 * 1_048_576,
    });
  });

  it("takes -1 for no bound and refuses 0", () => {
    expect(loadConfig({ EMBEDDED_BUS_RETENTION_BYTES: "-1" }).EMBEDDED_BUS_RETENTION_BYTES).toBe(
      -1,
    );
    expect(() => loadConfig({ EMBEDDED_ANALYTICS_RETENTION_MS: "0" })).toThrow(
      /EMBEDDED_ANALYTICS_RETENTION_MS: must be -1/,
    );
  });
});
