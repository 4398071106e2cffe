import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GENERATED_PATH, generateEventTypes } from "../../scripts/gen-event-types";
import { SchemaCatalog } from "../platform/events/schema-catalog";
import { EVENT, isEvent } from "./events";

/** The event types are generated from schemas/avro and kept in step with them. */
describe("event types", () => {
  it("are what scripts/gen-event-types.ts makes of schemas/avro now (run `npm run gen:events`)", () => {
    expect(readFileSync(GENERATED_PATH, "utf8")).toBe(generateEventTypes());
  });

  it("name every record under schemas/avro, once", () => {
    const names = SchemaCatalog.load()
      .all()
      .map((s) => s.fullName)
      .sort();
    expect(Object.values(EVENT).sort()).toEqual(names);
  });

  it("narrow a decoded event by its name only", () => {
    const scored = { type: EVENT.VoyageScored, value: { event_id: "e", occurred_at: 1 } };
    expect(isEvent(scored, EVENT.VoyageScored)).toBe(true);
    expect(isEvent(scored, EVENT.AdvisoryIssued, EVENT.VoyageScored)).toBe(true);
    expect(isEvent(scored, EVENT.RiskThresholdCrossed)).toBe(false);
    expect(isEvent({ type: "voyagerisk.other.Unknown", value: {} }, EVENT.VoyageScored)).toBe(
      false,
    );
  });
});
