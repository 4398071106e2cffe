import { randomBytes } from "node:crypto";
import { AppError } from "../platform/errors";
import { KEY_ID_PATTERN } from "../platform/keys/api-keys";

/**
 * Webhook subscriptions: which URL a key wants which event kinds POSTed to, optionally only for
 * one fleet. The port is implemented in memory (the embedded default) and in Redis (platform
 * mode); tests/contract/webhook-subscriptions.contract.ts holds both to the same behaviour.
 *
 * Each subscription has its own signing secret (newWebhookSecret). create() returns it once, for
 * the caller to hand to its owner; afterwards only getWithSecret() reads it, and only the
 * delivery stream calls that, to sign. Every other read gives a PublicSubscription, which has no
 * field that could carry the secret, so a route or a log line cannot show it by accident.
 */

/** Spec section 6.1. */
export const WEBHOOK_EVENT_KINDS = [
  "voyage.completed",
  "voyage.risk_threshold_crossed",
  "voyage.advisory_changed",
  "ensemble.ready",
] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

export const SUBSCRIPTION_STATUSES = ["active", "disabled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** "wh_" + 16 random bytes, base64url (128 bits: ids are not guessable across keys). */
export const SUBSCRIPTION_ID_PATTERN = /^wh_[A-Za-z0-9_-]{22}$/;

/** Longest URL kept (browsers and proxies commonly stop at about 2,000 characters). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Same shape as a monitored voyage's fleet_id: matching compares the two. */
export const FLEET_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** A disable reason is a short operator note (e.g. "receiver answered 410"); longer is cut. */
export const MAX_DISABLED_REASON_LENGTH = 500;

/** What may be shown about a subscription: everything but its secret. */
export interface PublicSubscription {
  id: string;
  /** The API key that registered it: only that key sees it, and only its alerts reach it. */
  key_id: string;
  url: string;
  events: WebhookEventKind[];
  /** Only this fleet's alerts when set; every alert of the key when null. */
  fleet_id: string | null;
  status: SubscriptionStatus;
  /** Why it was disabled (null while active). */
  disabled_reason: string | null;
  /** ISO 8601, UTC. */
  created_at: string;
}

export interface NewSubscription {
  keyId: string;
  url: string;
  events: readonly WebhookEventKind[];
  fleetId?: string | null;
}

/** A subscription with its signing secret, kept apart so that serialising one never leaks it. */
export interface SubscriptionWithSecret {
  subscription: PublicSubscription;
  /** `whsec_…`: sign with it; never log it, never return it to an API caller after creation. */
  secret: string;
}

export interface MatchQuery {
  kind: WebhookEventKind;
  keyId: string;
  /** The alert's fleet, when it has one. */
  fleetId?: string | null;
}

export interface WebhookSubscriptionStore {
  /** Registers a subscription (active) with a fresh secret; throws RangeError for bad input. */
  create(request: NewSubscription): Promise<SubscriptionWithSecret>;
  /** The subscription, or null for an unknown or malformed id. Whichever key it belongs to. */
  get(id: string): Promise<PublicSubscription | null>;
  /** For the delivery stream only: the subscription and the secret to sign with. */
  getWithSecret(id: string): Promise<SubscriptionWithSecret | null>;
  /** The key's subscriptions, disabled ones included, oldest first (created_at, then id). */
  listForKey(keyId: string): Promise<PublicSubscription[]>;
  /**
   * Where an alert goes: the key's active subscriptions whose events include kind and whose
   * fleet_id is null or equal to the alert's fleet. Oldest first. Read afresh on every call.
   */
  matching(query: MatchQuery): Promise<PublicSubscription[]>;
  /** True when it existed; the next read on any instance over the same backing misses it. */
  delete(id: string): Promise<boolean>;
  /**
   * Stops deliveries (e.g. a receiver answered 410 Gone). True when the id exists; disabling
   * again keeps the first reason.
   */
  disable(id: string, reason: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The subscription store's backing (Redis) did not answer. Maps to 503 dependency_unavailable:
 * the message is safe to show to API clients; `where` (no credentials) and `cause` are for
 * operators.
 */
export class WebhookStoreUnavailableError extends AppError {
  override name = "WebhookStoreUnavailableError";
  constructor(
    readonly where: string,
    cause: unknown,
  ) {
    super(
      "dependency_unavailable",
      "the webhook subscription store is unavailable; retry shortly",
      {
        retry_after_s: 5,
      },
    );
    this.cause = cause;
  }
}

/** A stored subscription is unusable (a corrupt record): an operator must look. */
export class WebhookStoreError extends Error {
  override name = "WebhookStoreError";
}

/** A new subscription, active, with a fresh id; its secret is drawn beside it (newWebhookSecret). */
export function newSubscription(request: NewSubscription): PublicSubscription {
  const { keyId, url, events, fleetId } = normalizeNewSubscription(request);
  return {
    id: newSubscriptionId(),
    key_id: keyId,
    url,
    events,
    fleet_id: fleetId,
    status: "active",
    disabled_reason: null,
    created_at: new Date().toISOString(),
  };
}

export function newSubscriptionId(): string {
  return `wh_${randomBytes(16).toString("base64url")}`;
}

/**
 * Checks a new subscription (callers may be plain JavaScript, not only the API's parsed input)
 * and normalises it: events deduplicated in the order given, an absent fleet as null. Only the
 * URL's form is checked here; whether it may be reached is checkDestination's question.
 */
export function normalizeNewSubscription(request: NewSubscription): {
  keyId: string;
  url: string;
  events: WebhookEventKind[];
  fleetId: string | null;
} {
  if (typeof request.keyId !== "string" || !KEY_ID_PATTERN.test(request.keyId)) {
    throw new RangeError("keyId must be an API key id (16 hex digits)");
  }
  if (!isWebhookUrl(request.url)) {
    throw new RangeError(
      `url must be an absolute http or https URL of at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
    );
  }
  if (!Array.isArray(request.events) || request.events.length === 0) {
    throw new RangeError("events must name at least one event kind");
  }
  for (const kind of request.events) {
    if (!isWebhookEventKind(kind)) {
      throw new RangeError(`unknown event kind '${kind}' (${WEBHOOK_EVENT_KINDS.join(", ")})`);
    }
  }
  const fleetId = request.fleetId ?? null;
  if (fleetId !== null && (typeof fleetId !== "string" || !FLEET_ID_PATTERN.test(fleetId))) {
    throw new RangeError("fleetId must be 1-64 letters, digits, . _ -");
  }
  return { keyId: request.keyId, url: request.url, events: [...new Set(request.events)], fleetId };
}

/** A disable reason as stored: trimmed, cut to MAX_DISABLED_REASON_LENGTH; empty is refused. */
export function normalizeDisabledReason(reason: string): string {
  const trimmed = typeof reason === "string" ? reason.trim() : "";
  if (trimmed === "") throw new RangeError("a disable reason must not be empty");
  return trimmed.slice(0, MAX_DISABLED_REASON_LENGTH);
}

export function isWebhookEventKind(kind: unknown): kind is WebhookEventKind {
  return (WEBHOOK_EVENT_KINDS as readonly unknown[]).includes(kind);
}

/** An absolute http(s) URL with a host, short enough to keep. */
export function isWebhookUrl(url: unknown): url is string {
  if (typeof url !== "string" || url.length > MAX_WEBHOOK_URL_LENGTH) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/** The match rule, in one place for every adapter. */
export function subscriptionMatches(s: PublicSubscription, query: MatchQuery): boolean {
  return (
    s.status === "active" &&
    s.key_id === query.keyId &&
    s.events.includes(query.kind) &&
    (s.fleet_id === null || s.fleet_id === (query.fleetId ?? null))
  );
}

/** Oldest first; ties (same millisecond) by id, so every adapter lists in the same order. */
export function byCreation(a: PublicSubscription, b: PublicSubscription): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A copy the caller may change without touching the store's own. */
export function copyOfSubscription(s: PublicSubscription): PublicSubscription {
  return { ...s, events: [...s.events] };
}
