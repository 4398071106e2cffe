import type { Config } from "../../platform/config";
import type { EventBus } from "../../platform/events/port";
import type { Logger } from "../../platform/logger";
import type { CycleRegistry } from "../cycle-registry";
import type { CycleStore } from "../cycle-store";
import { IngestError } from "../ingest";
import { FeedError } from "./errors";
import { fetchCycle, latestCompleteCycle } from "./fetch-cycle";
import type { HttpOptions } from "./http";
import { type Feed, feedFor } from "./layouts";
import type { FeedStatus, FeedStatusStore } from "./status";

/**
 * Polls every configured feed: finds the newest cycle complete on the provider's server and,
 * when it is not landed yet, fetches and lands it; records each poll for health. One poll at a
 * time (models in turn), the next one WEATHER_FEED_POLL_S after the last ended, so a slow
 * fetch never overlaps the next poll.
 */

export interface FeedPollerDeps {
  feeds: readonly Feed[];
  store: CycleStore;
  bus: EventBus;
  registry: CycleRegistry;
  status: FeedStatusStore;
  stagingDir: string;
  baseUrls: Readonly<Record<string, string>>;
  toH?: number;
  http: Omit<HttpOptions, "seed" | "onBytes">;
  now: () => number;
  logger?: Logger;
}

/** The poller's settings from the configuration (feeds by model name). */
export function pollerSettings(config: Config) {
  return {
    feeds: config.WEATHER_FEEDS.map((m) => feedFor(m) as Feed),
    stagingDir: config.WEATHER_FEED_STAGING_DIR,
    baseUrls: config.WEATHER_FEED_BASE_URLS,
    toH: config.WEATHER_FEED_TO_H,
    http: {
      retries: config.WEATHER_FEED_RETRIES,
      backoffMs: config.WEATHER_FEED_RETRY_BACKOFF_MS,
      idleTimeoutMs: config.WEATHER_FEED_IDLE_TIMEOUT_MS,
    },
  };
}

export class FeedPoller {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(private readonly deps: FeedPollerDeps) {}

  /** One poll of one feed; answers what was recorded. */
  async pollOnce(feed: Feed): Promise<FeedStatus> {
    const { deps } = this;
    const at = deps.now();
    const baseUrl = deps.baseUrls[feed.model];
    try {
      const cycleMs = await latestCompleteCycle(feed, at, {
        baseUrl,
        http: deps.http,
        toH: deps.toH,
      });
      const known = deps.registry.latest(feed.model);
      if (known && known.cycleMs >= cycleMs) {
        return deps.status.recordPoll(feed.model, {
          atMs: at,
          result: "up_to_date",
          cycleMs: known.cycleMs,
          landedAtMs: known.landedAtMs,
        });
      }
      const result = await fetchCycle(
        {
          feed,
          store: deps.store,
          bus: deps.bus,
          registry: deps.registry,
          stagingDir: deps.stagingDir,
          baseUrl,
          http: deps.http,
          now: deps.now,
        },
        cycleMs,
        deps.toH,
      );
      deps.logger?.info(
        {
          model: feed.model,
          cycle: new Date(cycleMs).toISOString(),
          bytes: result.bytes_fetched,
          files: result.files,
          messages: result.messages,
          already_stored: result.already_stored,
        },
        "weather feed landed a cycle",
      );
      return deps.status.recordPoll(feed.model, {
        atMs: at,
        result: "landed",
        cycleMs,
        landedAtMs: deps.now(),
        bytes: result.bytes_fetched,
      });
    } catch (err) {
      const known = err instanceof FeedError || err instanceof IngestError;
      const error = known
        ? { code: (err as FeedError).code, message: (err as Error).message }
        : { code: "feed_internal_error", message: (err as Error).message };
      const notPublished = err instanceof FeedError && err.code === "feed_no_complete_cycle";
      deps.logger?.[notPublished ? "info" : "warn"](
        { model: feed.model, err: error },
        notPublished ? "weather feed: no complete cycle yet" : "weather feed poll failed",
      );
      return deps.status.recordPoll(feed.model, {
        atMs: at,
        result: notPublished ? "not_published" : "failed",
        error,
      });
    }
  }

  /** Polls every feed once, in turn. */
  async pollAll(): Promise<FeedStatus[]> {
    const out: FeedStatus[] = [];
    for (const feed of this.deps.feeds) {
      if (this.stopped) break;
      out.push(await this.pollOnce(feed));
    }
    return out;
  }

  /** Polls now, then every `everyMs` after each poll ends. */
  start(everyMs: number): void {
    const loop = () => {
      this.running = this.pollAll()
        .then(() => undefined)
        .catch((err: Error) => this.deps.logger?.error({ err: err.message }, "feed poll failed"))
        .finally(() => {
          if (!this.stopped) {
            this.timer = setTimeout(loop, everyMs);
            this.timer.unref();
          }
        });
    };
    loop();
  }

  /** Stops polling; resolves once a poll in progress has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
