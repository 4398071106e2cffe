import { describe, expect, it } from "vitest";
import type { FetchProgress } from "./fetch-cycle";
import { progressLine, terminalProgress } from "./progress";

const p = (over: Partial<FetchProgress>): FetchProgress => ({
  model: "gefs",
  cycle_utc: "2026-09-20T06:00:00.000Z",
  phase: "downloading",
  bytes: 52_428_800,
  bytes_total: 209_715_200,
  messages: 300,
  messages_total: 1_200,
  files: 75,
  files_total: 300,
  elapsed_ms: 60_000,
  eta_s: 185,
  ...over,
});

describe("fetch progress on a terminal", () => {
  it("shows bytes and messages of the model, files and the time left", () => {
    expect(progressLine(p({}))).toBe(
      "gefs 2026-09-20T06Z  downloading  50.0 / 200.0 MB  300/1200 messages  75/300 files  ETA 3m05s",
    );
    expect(progressLine(p({ phase: "inventories", bytes: 0, bytes_total: 0 }))).toBe(
      "gefs 2026-09-20T06Z  inventories  300 files",
    );
  });

  it("redraws one line in place, a few times a second, and ends it once landed", () => {
    let t = 0;
    const out: string[] = [];
    const draw = terminalProgress({ write: (s: string) => out.push(s) }, () => t);
    draw(p({}));
    t += 50;
    draw(p({ bytes: 60_000_000 })); // too soon: skipped
    t += 200;
    draw(p({ bytes: 70_000_000 }));
    draw(p({ phase: "landed", bytes: 209_715_200 }));
    expect(out).toHaveLength(3);
    expect(out.every((s) => s.startsWith("\r\x1b[2K"))).toBe(true);
    expect(out.at(-1)?.endsWith("\n")).toBe(true);
  });
});
