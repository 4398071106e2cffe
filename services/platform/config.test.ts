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
