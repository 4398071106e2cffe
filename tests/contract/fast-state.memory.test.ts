import { describe, expect, it } from "vitest";
import { MemoryFastState } from "../../services/platform/limits/memory";
import { fastStateContract } from "./fast-state.contract";

fastStateContract("memory", async (options) => new MemoryFastState({ now: options?.now }));

/** A clock the test moves by hand, so exact window edges can be checked without sleeping. */
function manualClock(start = 1_700_000_000_000) {
  let nowMs = start;
  return { now: () => nowMs, advance: (ms: number) => (nowMs += ms) };
}

describe("MemoryFastState with an injected clock", () => {
  const rules = [{ name: "minute", limit: 2, windowMs: 60_000 }];

  it("counts a hit until its step (a second of a minute) has left the window, to the millisecond", async () => {
    const clock = manualClock(); // a whole second
    const state = new MemoryFastState({ now: clock.now });
    const start = clock.now();
    // The first hit's step is [start, start + 1 s): it leaves the window at start + 61 s.
    expect(await state.consume("k", rules)).toMatchObject({ resetAtMs: start + 61_000 });
    clock.advance(10_000);
    expect(await state.consume("k", rules)).toMatchObject({
      remaining: 0,
      resetAtMs: start + 61_000,
    });
    clock.advance(20_000);
    expect(await state.consume("k", rules)).toMatchObject({ allowed: false, retryAfterMs: 31_000 });
    clock.advance(30_999);
    expect(await state.consume("k", rules)).toMatchObject({ allowed: false, retryAfterMs: 1 });
    clock.advance(1);
    // The first hit left; the second (at +10 s) is still counted: one place, not two.
    expect(await state.consume("k", rules)).toMatchObject({
      allowed: true,
      remaining: 0,
      resetAtMs: start + 71_000,
    });
    expect((await state.consume("k", rules)).allowed).toBe(false);
  });

  it("expires cache entries exactly at their ttl", async () => {
    const clock = manualClock();
    const state = new MemoryFastState({ now: clock.now });
    await state.set("k", "v", 1_000);
    clock.advance(999);
    expect(await state.get("k")).toBe("v");
    clock.advance(1);
    expect(await state.get("k")).toBeNull();
  });

  it("sweeps out expired entries that are never touched again", async () => {
    const clock = manualClock();
    const state = new MemoryFastState({ now: clock.now, sweepEveryMs: 5_000 });
    for (let i = 0; i < 100; i++) {
      await state.consume(`caller-${i}`, [{ name: "s", limit: 1, windowMs: 1_000 }]);
      await state.set(`entry-${i}`, "v", 1_000);
    }
    await state.set("forever", "v");
    expect(state.storedEntries).toBe(201);
    clock.advance(5_000);
    await state.get("unrelated");
    expect(state.storedEntries).toBe(1);
    expect(await state.get("forever")).toBe("v");
  });

  it("drops an expired entry when it is read (lazy deletion)", async () => {
    const clock = manualClock();
    const state = new MemoryFastState({ now: clock.now });
    await state.set("k", "v", 10);
    clock.advance(10);
    expect(await state.get("k")).toBeNull();
    expect(state.storedEntries).toBe(0);
  });
});
