import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWithKeys } from "../../tests/serve-with-keys";
import type { Served } from "../serve";

/** GET /api/v1/usage?month=YYYY-MM: which months it answers for, and how it refuses the others. */
const KEY = "vr_test_usage_months_key_0000000000000000";
let s: Served;
beforeAll(async () => {
  s = await serveWithKeys("usage-test", [{ key: KEY, plan: "per-query" }]);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const usage = async (month: string) => {
  const res = await fetch(`${s.url}/api/v1/usage?month=${month}`, {
    headers: { "X-API-Key": KEY },
  });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary JSON answers
  return { status: res.status, json: (await res.json()) as any };
};

describe("usage months", () => {
  it("answers a month from 1970-01 to 2106-01 for that month, in UTC", async () => {
    expect((await usage("2026-12")).json).toMatchObject({
      month: "2026-12",
      from_utc: "2026-12-01T00:00:00.000Z",
      to_utc: "2027-01-01T00:00:00.000Z",
      voyages_scored: { total: 0 },
    });
    expect((await usage("1970-01")).json.from_utc).toBe("1970-01-01T00:00:00.000Z");
    expect((await usage("2106-01")).json.to_utc).toBe("2106-02-01T00:00:00.000Z");
  });

  it("refuses, with 400 validation_failed, a month outside them or not YYYY-MM", async () => {
    for (const month of ["0026-12", "1969-12", "2106-02", "9999-12", "2026-13", "26-12"]) {
      const r = await usage(month);
      expect(r.status, `${month}: ${JSON.stringify(r.json)}`).toBe(400);
      expect(r.json.error.code).toBe("validation_failed");
    }
    expect((await usage("0026-12")).json.error.message).toBe(
      "month: must be from 1970-01 to 2106-01 (the months the analytics store holds)",
    );
  });
});
