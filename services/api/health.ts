import type { DependencyHealth } from "../platform/health";
import type { Platform } from "../platform/platform";
import { API_VERSION } from "./version";

export interface HealthReport {
  status: "ok" | "degraded";
  api_version: string;
  mode: "embedded" | "platform";
  checked_at_utc: string;
  dependencies: {
    bus: DependencyHealth[];
    analytics: DependencyHealth;
    limiter: DependencyHealth;
  };
  /** Per-model forecast-cycle freshness; empty until a weather cycle has landed. */
  weather_models: unknown[];
}

/** Probes every dependency with a real request, in parallel. */
export async function healthReport(platform: Platform): Promise<HealthReport> {
  const [bus, analytics, limiter] = await Promise.all([
    platform.bus.health(),
    platform.analytics.health(),
    platform.state.health(),
  ]);
  const all = [...bus, analytics, limiter];
  return {
    status: all.every((d) => d.status === "up") ? "ok" : "degraded",
    api_version: API_VERSION,
    mode: platform.config.VOYAGE_RISK_MODE,
    checked_at_utc: new Date().toISOString(),
    dependencies: { bus, analytics, limiter },
    weather_models: [],
  };
}
