import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fingerprintOf } from "./network-inputs";

describe("fingerprintOf", () => {
  it("changes with any file's content or name but tests', and with the data files", () => {
    const root = mkdtempSync(join(tmpdir(), "network-inputs-"));
    const code = join(root, "engine");
    mkdirSync(join(code, "routing"), { recursive: true });
    writeFileSync(join(code, "routing", "router.ts"), "export const STEP = 5;");
    writeFileSync(join(code, "routing", "router.test.ts"), "it('routes')");
    writeFileSync(join(root, "land.json"), "[1,2]");
    const of = () => fingerprintOf([code], [join(root, "land.json")]);
    const first = of();
    expect(first).toMatch(/^[0-9a-f]{20}$/);
    expect(of()).toBe(first);

    writeFileSync(join(code, "routing", "router.test.ts"), "it('routes round the Cape')");
    expect(of()).toBe(first);

    const seen = new Set([first]);
    const changed = (what: string) => {
      const now = of();
      expect(seen.has(now), what).toBe(false);
      seen.add(now);
    };
    writeFileSync(join(code, "routing", "router.ts"), "export const STEP = 4;");
    changed("an edited source file");
    writeFileSync(join(code, "routing", "gates.ts"), "");
    changed("a new, empty source file");
    renameSync(join(code, "routing", "gates.ts"), join(code, "gate.ts"));
    changed("a file moved");
    writeFileSync(join(root, "land.json"), "[1,3]");
    changed("an edited data file");
  });
});
