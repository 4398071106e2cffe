import avro from "avsc";
import { describe, expect, it } from "vitest";
import { testCatalog } from "../../../tests/helpers";
import { SchemaCatalog } from "./schema-catalog";

/** Samples of every field type, so each older version's record is written for real. */
function sampleOf(type: avro.Type): unknown {
  return type.random();
}

describe("event schemas (schemas/avro)", () => {
  const catalog = testCatalog();

  it("loads every production schema with event_id and occurred_at", () => {
    const production = SchemaCatalog.load().all();
    expect(production.map((s) => s.fullName)).toContain("voyagerisk.weather.WeatherCycleLanded");
    for (const s of production) {
      const fields = (s.latest.type as avro.types.RecordType).fields.map((f) => f.name);
      expect(fields.slice(0, 2), s.fullName).toEqual(["event_id", "occurred_at"]);
    }
  });

  it("is BACKWARD compatible: the newest version reads data written with every older one", () => {
    for (const schema of catalog.all()) {
      for (const older of schema.versions.slice(0, -1)) {
        const resolver = schema.latest.type.createResolver(older.type);
        for (let i = 0; i < 20; i++) {
          const written = sampleOf(older.type) as Record<string, unknown>;
          const read = schema.latest.type.fromBuffer(
            older.type.toBuffer(written),
            resolver,
          ) as Record<string, unknown>;
          for (const [k, v] of Object.entries(written))
            expect(read[k], `${schema.fullName} v${older.version}.${k}`).toEqual(v);
        }
      }
    }
  });

  it("catches an incompatible change (a new field without a default)", () => {
    const v1 = avro.Type.forSchema({
      type: "record",
      name: "X",
      fields: [{ name: "a", type: "int" }],
    });
    const bad = avro.Type.forSchema({
      type: "record",
      name: "X",
      fields: [
        { name: "a", type: "int" },
        { name: "b", type: "string" },
      ],
    });
    expect(() => bad.createResolver(v1)).toThrow();
  });
});
