import type { FastState } from "../../platform/limits/port";

/**
 * What a weather feed last did, per model, where the API can read it: the feed runs in its own
 * process in platform mode (`stream weather-feed`), so its state is kept in fast state (Redis),
 * one key per model, and in the embedded default in the in-process adapter. A snapshot, not a
 * history: each poll overwrites it, so nothing grows with time (an event per poll would put a
 * record on a topic every few minutes for ever, for a value only the latest of which matters).
 */

export type PollResult =
  /** A cycle was fetched and landed. */
  | "landed"
  /** The newest complete cycle is already landed. */
  | "up_to_date"
  /** No complete cycle on the server among the recent ones. */
  | "not_published"
  /** The poll failed (network, server, bad data); `last_error` says why. */
  | "failed";

export interface FeedStatus {
  model: string;
  last_poll_utc: string;
  last_poll_result: PollResult;
  last_error: { code: string; message: string } | null;
  /** Initialisation time of the newest cycle this feed landed (or found landed). */
  last_cycle_utc: string | null;
  /** When it landed. */
  last_landed_utc: string | null;
  /** GRIB2 bytes fetched by this feed since its state began. */
  bytes_fetched: number;
  /** Bytes of the last cycle it fetched. */
  last_cycle_bytes: number | null;
}

const KEY = (model: string) => `weather-feed:${model}`;

export class FeedStatusStore {
  constructor(private readonly state: FastState) {}

  async get(model: string): Promise<FeedStatus | null> {
    const text = await this.state.get(KEY(model));
    return text === null ? null : (JSON.parse(text) as FeedStatus);
  }

  /**
   * Records a poll: its time and result, the cycle it landed or found, and the bytes it
   * fetched (added to the feed's total). One writer per model (the feed that polls it).
   */
  async recordPoll(
    model: string,
    poll: {
      atMs: number;
      result: PollResult;
      error?: { code: string; message: string };
      cycleMs?: number;
      landedAtMs?: number;
      bytes?: number;
    },
  ): Promise<FeedStatus> {
    const before = await this.get(model);
    const previous = before?.last_cycle_utc ? Date.parse(before.last_cycle_utc) : undefined;
    // A poll that finds an older cycle (a clock moved back) does not move the feed back.
    const landedNewer =
      poll.cycleMs !== undefined && (previous === undefined || poll.cycleMs >= previous);
    const status: FeedStatus = {
      model,
      last_poll_utc: new Date(poll.atMs).toISOString(),
      last_poll_result: poll.result,
      last_error: poll.error ?? null,
      last_cycle_utc: landedNewer
        ? new Date(poll.cycleMs as number).toISOString()
        : (before?.last_cycle_utc ?? null),
      last_landed_utc:
        landedNewer && poll.landedAtMs !== undefined
          ? new Date(poll.landedAtMs).toISOString()
          : (before?.last_landed_utc ?? null),
      bytes_fetched: (before?.bytes_fetched ?? 0) + (poll.bytes ?? 0),
      last_cycle_bytes:
        poll.result === "landed" && poll.bytes !== undefined
          ? poll.bytes
          : (before?.last_cycle_bytes ?? null),
    };
    await this.state.set(KEY(model), JSON.stringify(status));
    return status;
  }

  /** The statuses of these models that have one. */
  async all(models: readonly string[]): Promise<FeedStatus[]> {
    const found = await Promise.all(models.map((m) => this.get(m)));
    return found.filter((s): s is FeedStatus => s !== null);
  }
}
