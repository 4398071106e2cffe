import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { PASSAGES } from "../services/engine/routing/passages";
import { configSchema } from "../services/platform/config";
import { TOPIC } from "../services/platform/events/topics";
import { WORLD_PORTS } from "./fixtures/world-ports";

const readme = readFileSync(resolve(import.meta.dirname, "../README.md"), "utf8");
/** The README's text with its line breaks and indentation read as single spaces. */
const prose = readme.replace(/\s+/g, " ");

describe("README stays true to the code", () => {
  it("documents every configuration variable in its table", () => {
    const documented = new Set(
      [...readme.matchAll(/^\| `([A-Z_]+)`\s+\|/gm)].map((m) => m[1] as string),
    );
    expect([...Object.keys(configSchema.shape)].filter((k) => !documented.has(k))).toEqual([]);
    expect([...documented].filter((k) => !(k in configSchema.shape))).toEqual([]);
  });

  it("names every topic", () => {
    for (const topic of Object.values(TOPIC)) expect(readme).toContain(`\`${topic}\``);
  });

  it("shows the two commands", () => {
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toContain("npm test");
  });

  it("counts the canals, straits and passes the catalogue holds", () => {
    const passages = PASSAGES.filter((p) => p.kind !== "river").length;
    expect(prose).toContain(`: ${passages} canals, straits and passes`);
  });

  it("gives every routing engine module its line in the module table", () => {
    const dir = resolve(import.meta.dirname, "../services/engine/routing");
    const modules = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    expect(modules.filter((f) => !readme.includes(`\`${f}\``))).toEqual([]);
  });

  it("counts the world ports the routing test reaches", () => {
    expect(prose).toContain(`Of the ${WORLD_PORTS.length} ports of every ocean and sea`);
  });
});
