/**
 * @module
 * `@cartax/storage`: the database of the Cartax service, shared by the server and the operator
 * CLI. Kysely on SQLite (embedded default, in `CARTAX_DATA_DIR`) or PostgreSQL (`DATABASE_URL`),
 * with one set of migrations and the same behaviour on both.
 */
export { type CalculationRecord, type CalculationRecordToSave, CalculationStore } from "./calculation-store";
export {
  CarDetailStore,
  type PutPrecondition,
  type StoredCar,
  type StoredCarDetail,
} from "./car-detail-store";
export { ConfigError } from "./config-error";
export type { DatabaseSchema } from "./database-schema";
export { ENVIRONMENTS, type Environment, isEnvironment } from "./environment";
/** The audit record's compression, for the benchmark's contract floor (bench/floor-server.mjs). */
export { encodeAudit } from "./fast-path/audit-record-codec";
export { type IdempotencyClaim, IdempotencyStore, type KeptAnswer } from "./idempotency-store";
export { MIGRATIONS } from "./migrations/index";
export {
  type Dialect,
  migrate,
  openStorage,
  SQLITE_FILE_NAME,
  type Storage,
  type WebhookStore,
} from "./open-storage";
export { CHANGE_FEED_TIMING, type ChangeFeedTiming, type ReadCacheState } from "./postgres/change-feed";
export { type ComparisonLink, PublicLinkStore } from "./public-link-store";
export { QrStore, type StoredLogo } from "./qr-store";
export { type RateLimitState, RateLimitStore } from "./rate-limit-store";
export { type ListPage, type ListPosition, type ListRequest, referencedCarIds } from "./record-list";
export { type RulesNotice, RulesNoticeStore } from "./rules-notice-store";
export { type SavedResultKind, type SavedResultRecord, SavedResultStore } from "./saved-result-store";
export { readStorageConfig, type StorageConfig } from "./storage-config";
export { hashSubscriptionKey, KEY_PREFIXES } from "./subscription-key";
export {
  type CreatedSubscription,
  type KeySlot,
  type NewSubscription,
  type RateLimit,
  type Subscription,
  type SubscriptionPatch,
  SubscriptionStore,
  UnknownAccountError,
} from "./subscription-store";
export { hourOf, type UsageRow, UsageStore } from "./usage-store";
export {
  type AttemptOutcome,
  type AttemptSchedule,
  afterAttempt,
  type DeliveryKind,
  type DeliveryNextState,
  type DeliveryState,
  type Enqueued,
  enqueued,
  REQUEUABLE,
  requeueRefusal,
  type Transition,
} from "./webhook-delivery-states";
export {
  generateWebhookSecret,
  InvalidWebhookUrlError,
  type WebhookEndpoint,
  WebhookEndpointStore,
} from "./webhook-endpoint-store";
export {
  type AttemptRecordInput,
  type ClaimedDelivery,
  type EndpointEffect,
  type Redelivery,
  RedeliveryRefusedError,
  type WebhookAttemptRecord,
  type WebhookDeliveryState,
  WebhookOutboxStore,
} from "./webhook-outbox-store";
