/** What every adapter reports about the dependency behind it; the health endpoint aggregates these. */
export interface DependencyHealth {
  /** Adapter in use, e.g. "kafka", "memory", "clickhouse", "embedded", "redis". */
  adapter: string;
  status: "up" | "down";
  /** Round-trip time of the real request used as the probe (Kafka metadata, SELECT 1, PING). */
  latency_ms: number;
  /** Where it points (no credentials) or why it is down. */
  detail?: string;
}

/** Runs a real request against a dependency and reports it as up (with its latency) or down (with why). */
export async function probeDependency(
  adapter: string,
  detail: string,
  request: () => Promise<unknown>,
): Promise<DependencyHealth> {
  const started = performance.now();
  const latency = () => Math.round((performance.now() - started) * 100) / 100;
  try {
    await request();
    return { adapter, status: "up", latency_ms: latency(), detail };
  } catch (err) {
    return {
      adapter,
      status: "down",
      latency_ms: latency(),
      detail: `${detail}: ${(err as Error).message}`,
    };
  }
}
