/**
 * The instant the API tests' server clock starts at: one hour into the synthetic 00 UTC cycle of
 * 22 November 2026. Every run then scores against that one cycle, whatever the day and hour it
 * runs; on the system clock the cycle changed every six hours and so did the routes and scores
 * the tests saw (a storm on one day's cycle sent a route where the test did not expect it).
 */
export const TEST_CLOCK_START_MS = Date.UTC(2026, 10, 22, 1);

/**
 * A clock that reads `startMs` now and runs at the real rate from there, so timeouts, retries
 * and rate-limit windows behave as on the system clock.
 */
export function testClock(startMs: number = TEST_CLOCK_START_MS): () => number {
  const offsetMs = startMs - Date.now();
  return () => Date.now() + offsetMs;
}

/** A departure at 06 UTC on the day `days` after the tests' clock starts, as ISO 8601. */
export function testDeparture(days: number): string {
  const d = new Date(TEST_CLOCK_START_MS + days * 86_400_000);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 6)).toISOString();
}
