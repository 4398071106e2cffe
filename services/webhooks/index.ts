/** Webhooks: signing (scheme v1), destination checks, the retry schedule, one delivery attempt. */
export {
  type DeliveryOutcome,
  type DeliveryRequest,
  type DeliveryResult,
  deliverOnce,
  MAX_RESPONSE_BYTES,
  USER_AGENT,
} from "./deliver";
export {
  checkDestination,
  type DestinationCheck,
  parseAllowlist,
  type ResolveHost,
  resolveWithDns,
} from "./destination";
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
