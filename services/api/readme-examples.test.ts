import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWithKeys } from "../../tests/serve-with-keys";
import { testDeparture } from "../../tests/test-clock";
import type { Served } from "../serve";

/**
 * The README's multi-line curl examples (the ones `npm start` does not print, so the CI smoke
 * does not run them), sent as written: the path, and the JSON body with the shell's $DEPARTURE
 * filled in. A README example that the API refuses is a broken promise to a newcomer.
 */
const README = readFileSync(resolve(import.meta.dirname, "../../README.md"), "utf8");
const KEY = "vr_test_readme_examples_key_00000000000000";

interface Example {
  path: string;
  body: string;
}

/** Each `curl … -d '{…}'` in a sh block that spans lines: its path and its JSON body. */
function examples(): Example[] {
  const out: Example[] = [];
  for (const block of README.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const text = (block[1] as string).replace(/\\\n/g, " ");
    for (const m of text.matchAll(
      /curl [^\n]*?http:\/\/127\.0\.0\.1:8080(\/\S+) -d '([\s\S]*?)'\n/g,
    )) {
      out.push({ path: m[1] as string, body: m[2] as string });
    }
  }
  return out;
}

let s: Served;
beforeAll(async () => {
  s = await serveWithKeys("readme-examples", [
    { key: KEY, plan: "enterprise", scopes: ["underwriting", "route-risk", "insurance"] },
  ]);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe("README examples", { timeout: 300_000 }, () => {
  it("finds the scoring examples", () => {
    expect(examples().map((e) => e.path)).toEqual([
      "/api/v1/underwriting/voyage-risk",
      "/api/v1/route-risk",
    ]);
  });

  it("answers each as written, with the shell's departure two days ahead", async () => {
    for (const e of examples()) {
      // A fixed date would pass today and fall out of the allowed window later.
      expect(e.body, e.path).toContain(`'"$DEPARTURE"'`);
      const body = e.body.replaceAll(`'"$DEPARTURE"'`, testDeparture(2).replace(".000Z", "Z"));
      const res = await fetch(`${s.url}${e.path}`, {
        method: "POST",
        headers: { "X-API-Key": KEY, "Content-Type": "application/json" },
        body,
      });
      expect(res.status, `${e.path}: ${await res.clone().text()}`).toBe(200);
    }
  });
});
