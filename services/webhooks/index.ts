/**
 * Webhooks: signing (scheme v1), destination checks, the retry schedule, one delivery attempt,
 * the subscriptions and the delivery queue (memory and Redis adapters each), and the payloads.
 */
export {
  type DeliveryOutcome,
  type DeliveryRequest,
  type DeliveryResult,
  deliverOnce,
  MAX_RESPONSE_BYTES,
  USER_AGENT,
} from "./deliver";
export {
  type DeliveryQueue,
  FINISHED_RETENTION_MS,
  type FinishedAs,
  type NewDelivery,
  type PendingDelivery,
} from "./delivery-queue";
export { MemoryDeliveryQueue } from "./delivery-queue-memory";
export { openDeliveryQueue } from "./delivery-queue-open";
export { RedisDeliveryQueue } from "./delivery-queue-redis";
export {
  ALLOWED_PORTS,
  checkDestination,
  type DestinationCheck,
  parseAllowlist,
  type ResolveHost,
  resolveWithDns,
} from "./destination";
export { attemptPayload, type PlannedWebhook, webhookOfAlert } from "./payloads";
export {
  BACKOFF_FACTOR,
  classifyResponse,
  FIRST_RETRY_DELAY_MS,
  MAX_ATTEMPTS,
  MAX_RETRY_DELAY_MS,
  MIN_JITTER_FACTOR,
  nextAttemptDelayMs,
  parseRetryAfter,
  type ResponseClassification,
  type ResponseOutcome,
  retryDelayRangeMs,
} from "./schedule";
export {
  DELIVERY_ID_HEADER,
  EVENT_HEADER,
  newWebhookSecret,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_MS,
  SIGNATURE_VERSION,
  type SignedWebhook,
  type SignOptions,
  signWebhook,
  TIMESTAMP_HEADER,
  type VerifyFailure,
  type VerifyResult,
  verifyWebhook,
  webhookDeliveryId,
} from "./signing";
export {
  byCreation as bySubscriptionCreation,
  FLEET_ID_PATTERN,
  isWebhookEventKind,
  isWebhookUrl,
  MAX_DISABLED_REASON_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
  type MatchQuery,
  type NewSubscription,
  newSubscriptionId,
  type PublicSubscription,
  SUBSCRIPTION_ID_PATTERN,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  type SubscriptionWithSecret,
  subscriptionMatches,
  WEBHOOK_EVENT_KINDS,
  type WebhookEventKind,
  WebhookStoreError,
  WebhookStoreUnavailableError,
  type WebhookSubscriptionStore,
} from "./subscriptions";
export { MemoryWebhookSubscriptionStore } from "./subscriptions-memory";
export { openWebhookSubscriptions } from "./subscriptions-open";
export {
  RedisWebhookSubscriptionStore,
  type RedisWebhookSubscriptionStoreOptions,
} from "./subscriptions-redis";
