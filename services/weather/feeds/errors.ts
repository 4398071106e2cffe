/**
 * Why a feed did not land a cycle. `feed_not_published`: a file of the cycle is not on the
 * server yet (404), so the cycle is not complete; the rest are faults of the server or the data.
 */
export type FeedErrorCode =
  | "feed_unknown_model"
  | "feed_not_published"
  | "feed_no_complete_cycle"
  | "feed_bad_inventory"
  | "feed_http_status"
  | "feed_no_range_support"
  | "feed_unreachable"
  | "feed_bad_grib"
  | "feed_unexpected_message";

export class FeedError extends Error {
  constructor(
    readonly code: FeedErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "FeedError";
  }
}
