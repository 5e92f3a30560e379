import type { ColumnType } from "kysely";

/**
 * Tables of the service. Types are the same on SQLite and PostgreSQL: booleans are integers 0/1,
 * timestamps ISO-8601 text (UTC, milliseconds; they sort as text), JSON documents text.
 */
export interface DatabaseSchema {
  accounts: AccountTable;
  subscriptions: SubscriptionTable;
  car_details: CarDetailTable;
  calculations: CalculationTable;
  calculation_records: CalculationRecordTable;
  projections: SavedResultTable;
  comparisons: SavedResultTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  public_links: PublicLinkTable;
  comparison_links: ComparisonLinkTable;
  qr_logos: QrLogoTable;
  qr_images: QrImageTable;
  rate_limit_windows: RateLimitWindowTable;
  subscription_usage: SubscriptionUsageTable;
  rules_notices: RulesNoticeTable;
  idempotency_keys: IdempotencyKeyTable;
}

/** An account (the spec's `ownerId`): owns subscriptions and records. */
export interface AccountTable {
  id: string;
  created_at: string;
}

export interface SubscriptionTable {
  id: string;
  owner_id: string;
  name: string;
  environment: string;
  active: number;
  calculation_access: number;
  prices_include_vat: number;
  /** SHA-256 (hex) of the primary key; the key itself is never stored. */
  primary_key_hash: string;
  secondary_key_hash: string;
  /** The rate limit: at most this many requests per window (both null: no limit). */
  rate_limit_requests: number | null;
  rate_limit_window_seconds: number | null;
  created_at: string;
  updated_at: string;
}

/** Car details; ids are scoped per account (primary key owner_id, id). */
export interface CarDetailTable {
  owner_id: string;
  id: string;
  /** The validated CarDetail body (enumeration names, catalogPrice excluding VAT) as JSON. */
  data: string;
  created_at: string;
  updated_at: string;
}

/** The audit record of a Calculate call: what was asked, what was answered, under which rules. */
export interface CalculationTable {
  id: string;
  owner_id: string;
  subscription_id: string;
  request: string;
  result: string;
  rules_version: string;
  client_version: string | null;
  created_at: string;
  /** The stored cars the request names, ` id1 id2 ` (null: none or not known); since migration 0014. */
  car_detail_ids: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The audit record of a Calculate call since issue 29: the request as received and the answer as
 * sent, compressed together (audit-record-codec.ts). Older records stay in `calculations`.
 */
export interface CalculationRecordTable {
  id: string;
  owner_id: string;
  subscription_id: string;
  rules_version: string;
  /** The version of @cartax/engine that computed the answer. */
  engine_version: string;
  client_version: string | null;
  created_at: string;
  /** The stored car the request names, ` id ` (null: an inline car); since migration 0014. */
  car_detail_ids: ColumnType<string | null, string | null | undefined, string | null>;
  /** The encoding number of `body` (AUDIT_ENCODING when written). */
  encoding: number;
  /** Length of the request text in UTF-8 bytes, where the answer starts in the inflated body. */
  request_bytes: number;
  body: Uint8Array;
}

/**
 * A saved projection or comparison (issue 22): the audit columns of a calculation, and since
 * issue 39 the engine's version as a calculation record holds it (null in rows saved before).
 */
export interface SavedResultTable extends CalculationTable {
  engine_version: string | null;
}

/** A receiver registered by the operator for a subscription. */
export interface WebhookEndpointTable {
  id: string;
  subscription_id: string;
  url: string;
  /** The shared secret, kept in clear because it must sign; never logged or listed. */
  secret: string | null;
  enabled: number;
  consecutive_ping_failures: number;
  /** Notifications that failed for good in a row; reset when a notification is delivered. */
  consecutive_notification_failures: number;
  /** Set when either run of failures reaches the threshold; cleared when both are back to 0. */
  flagged: number;
  next_ping_at: string;
  created_at: string;
  updated_at: string;
}

/** The outbox: one row per delivery (its id is the eventId), attempts and schedule. */
export interface WebhookDeliveryTable {
  id: string;
  endpoint_id: string;
  kind: string;
  /** The exact JSON text sent (and signed) on every attempt. */
  body: string;
  /** pending, delivered or failed (webhook-delivery-states.ts). */
  status: string;
  attempts: number;
  next_attempt_at: string;
  /** Lease of the worker sending it now. */
  locked_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  endpoint_id: string;
  kind: string;
  attempt: number;
  at: string;
  outcome: string;
  status: number | null;
  latency_ms: number;
  error: string | null;
}

/** The token of a car detail's public page (random, 128 bits); the car id never appears in it. */
export interface PublicLinkTable {
  token: string;
  owner_id: string;
  car_detail_id: string;
  created_at: string;
}

/** The public link of a saved comparison (issue 22): one token per comparison of an account. */
export interface ComparisonLinkTable {
  token: string;
  owner_id: string;
  comparison_id: string;
  created_at: string;
}

/** A logo an operator added (`cartax logo add`), by name; PNG or SVG, base64. */
export interface QrLogoTable {
  name: string;
  content_type: string;
  data: string;
  created_at: string;
}

/** A generated QR image (PNG, base64) behind an unguessable token, until it expires. */
export interface QrImageTable {
  token: string;
  png: string;
  created_at: string;
  expires_at: string;
  /** SHA-256 (hex) of the SVG drawn; null for images made before migration 0006. */
  content_sha256: string | null;
  /** Key of the normalised QrRequest that asked for it; null for images made before migration 0010. */
  request_key: string | null;
}

/** A fixed-window request counter of a limited subscription (shared by instances on PostgreSQL). */
export interface RateLimitWindowTable {
  subscription_id: string;
  window_seconds: number;
  /** Whole seconds since the Unix epoch; PostgreSQL bigint (read back as text by pg). */
  window_start: number | string;
  requests: number;
}

/** Requests of a subscription per hour, method, route pattern and status (`cartax subscription usage`). */
export interface SubscriptionUsageTable {
  subscription_id: string;
  hour: string;
  method: string;
  route: string;
  status: number;
  requests: number;
}

/** The rules version last notified to webhook receivers (one row, id `rules`). */
export interface RulesNoticeTable {
  id: string;
  rules_version: string;
  notified_at: string;
}

/**
 * An idempotency key of a subscription (idempotency-store.ts): claimed by its first request
 * (`status` null while it runs), then holding that request's answer until `expires_at`.
 */
export interface IdempotencyKeyTable {
  subscription_id: string;
  idempotency_key: string;
  /** SHA-256 (hex) of the method, path with query and the body's SHA-256. */
  fingerprint: string;
  /** A random id of the claiming request: only it completes or releases the row. */
  claim: string;
  status: number | null;
  /** The kept headers, a JSON array of [name, value] pairs. */
  headers: string | null;
  body: Uint8Array | null;
  created_at: string;
  expires_at: string;
}
