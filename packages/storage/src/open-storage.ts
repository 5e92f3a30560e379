import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { CalculationStore, calculationWriter } from "./calculation-store";
import { CarDetailStore } from "./car-detail-store";
import type { DatabaseSchema } from "./database-schema";
import type { ChangeCounter, DirectReader } from "./fast-path/compiled-query";
import { IdempotencyStore } from "./idempotency-store";
import { MIGRATIONS } from "./migrations/index";
import {
  CHANGE_FEED_TIMING,
  type ChangeFeedTiming,
  PostgresChangeFeed,
  type ReadCacheState,
} from "./postgres/change-feed";
import { PublicLinkStore } from "./public-link-store";
import { QrStore } from "./qr-store";
import { RateLimitStore } from "./rate-limit-store";
import { RulesNoticeStore } from "./rules-notice-store";
import { SavedResultStore } from "./saved-result-store";
import { oncePerTurn } from "./sqlite/data-version";
import { withStatementCache } from "./sqlite/statement-cache";
import type { StorageConfig } from "./storage-config";
import { SubscriptionStore } from "./subscription-store";
import { UsageStore } from "./usage-store";
import { WebhookEndpointStore } from "./webhook-endpoint-store";
import { WebhookOutboxStore } from "./webhook-outbox-store";

export type Dialect = "sqlite" | "postgres";

/**
 * `storage.webhooks`: the webhook endpoints (webhook-endpoint-store.ts) and their outbox
 * (webhook-outbox-store.ts) as one object, as the CLI and the service call them.
 */
export type WebhookStore = PublicMethods<WebhookEndpointStore> & PublicMethods<WebhookOutboxStore>;
type PublicMethods<T> = { [K in keyof T]: T[K] };

function webhookStore(db: Kysely<DatabaseSchema>, dialect: Dialect): WebhookStore {
  return {
    ...boundMethods(new WebhookEndpointStore(db)),
    ...boundMethods(new WebhookOutboxStore(db, dialect)),
  };
}

/** The methods of a store's class, bound to it (so that they can be spread into one object). */
function boundMethods<T extends object>(store: T): PublicMethods<T> {
  const methods: Record<string, unknown> = {};
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(store))) {
    const method = (store as Record<string, unknown>)[name];
    if (name !== "constructor" && typeof method === "function") methods[name] = method.bind(store);
  }
  return methods as PublicMethods<T>;
}

/** The database of the service and the CLI, migrated and ready. */
export interface Storage {
  readonly dialect: Dialect;
  /** For tables that other modules add through their own migrations. */
  readonly db: Kysely<DatabaseSchema>;
  readonly subscriptions: SubscriptionStore;
  readonly carDetails: CarDetailStore;
  readonly calculations: CalculationStore;
  /** Saved projections (POST /v1/Projection), by projectionId. */
  readonly projections: SavedResultStore;
  /** Saved comparisons (POST /v1/Compare), by comparisonId. */
  readonly comparisons: SavedResultStore;
  readonly webhooks: WebhookStore;
  readonly publicLinks: PublicLinkStore;
  readonly qr: QrStore;
  /** Fixed-window counters of rate-limited subscriptions (shared on PostgreSQL, in process on SQLite). */
  readonly rateLimits: RateLimitStore;
  /** Requests per subscription, hour, endpoint and status (counted in memory, flushed by the server). */
  readonly usage: UsageStore;
  /** The rules version last notified to webhook receivers. */
  readonly rulesNotices: RulesNoticeStore;
  /** Idempotency keys of POST requests and the answers kept for them. */
  readonly idempotency: IdempotencyStore;
  /**
   * Whether the key and car read caches answer from memory now (`trusted`) or every read goes to
   * the database (`bypassed`). SQLite: always `trusted` (`data_version` is exact). PostgreSQL:
   * `trusted` while the change feed is listening and current (postgres/change-feed.ts).
   */
  readCaches(): ReadCacheState;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = "cartax.sqlite";

function sqliteDialect(dataDir: string): SqliteDialect {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SqliteDatabase(sqliteFile(dataDir));
  // (The audit writer thread opens the same file with the same pragmas: sqlite/audit-writer-thread.ts.)
  // WAL: readers proceed while one transaction writes. synchronous=FULL: a commit is on disk before
  // it is acknowledged, so even a power cut loses no acknowledged write (NORMAL would survive a
  // process kill, not a machine crash). busy_timeout: the CLI and a running server share the file.
  file.pragma("journal_mode = WAL");
  file.pragma("synchronous = FULL");
  file.pragma("busy_timeout = 5000");
  file.pragma("foreign_keys = ON");
  return new SqliteDialect({ database: withStatementCache(file) });
}

const sqliteFile = (dataDir: string) => path.join(dataDir, SQLITE_FILE_NAME);

/**
 * The hot reads' own connection (after migration, so the schema exists): query_only, so nothing
 * can write through it, and it reads committed data only.
 */
function sqliteReader(dataDir: string): { read: DirectReader; changes: ChangeCounter; close: () => void } {
  const connection = new SqliteDatabase(sqliteFile(dataDir));
  connection.pragma("busy_timeout = 5000");
  connection.pragma("query_only = ON");
  const cached = withStatementCache(connection);
  // SQLite's data_version: changes whenever another connection (the server's own, the audit
  // writer thread, the CLI in another process) committed since this connection last asked. Read at
  // most once per turn of the event loop and after each write of this process (data-version.ts).
  const dataVersion = connection.prepare("pragma data_version").pluck();
  return {
    read: (sql, parameters) => cached.prepare(sql).get(...parameters),
    changes: oncePerTurn(() => dataVersion.get() as number),
    close: () => connection.close(),
  };
}

function postgresDialect(url: string): PostgresDialect {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server closes (restart, failover, admin command) is dropped from
  // the pool and replaced on next use; without a listener it would crash the process.
  pool.on("error", () => {});
  return new PostgresDialect({ pool });
}

/** Runs every pending migration; throws the first failure. */
export async function migrate(db: Kysely<DatabaseSchema>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`database migration ${failed} failed: ${(error as Error).message ?? error}`);
  }
}

/**
 * Opens the configured database (PostgreSQL when `databaseUrl` is set, else SQLite in `dataDir`,
 * created when missing) and brings its schema up to date.
 */
export async function openStorage(
  config: Pick<StorageConfig, "dataDir" | "databaseUrl">,
  /** PostgreSQL: the change feed's timing (tests shorten or lengthen it). */
  timing: ChangeFeedTiming = CHANGE_FEED_TIMING,
): Promise<Storage> {
  const dialect: Dialect = config.databaseUrl ? "postgres" : "sqlite";
  const db = new Kysely<DatabaseSchema>({
    dialect: config.databaseUrl ? postgresDialect(config.databaseUrl) : sqliteDialect(config.dataDir),
  });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // A writer thread compresses and commits the audit records off the event loop (on PostgreSQL with
  // a connection of its own); SQLite's also commits the usage counts and QR images.
  const recordWriter = config.databaseUrl
    ? calculationWriter("postgres", config.databaseUrl)
    : calculationWriter("sqlite", sqliteFile(config.dataDir));
  const writer = config.databaseUrl ? undefined : recordWriter;
  const calculations = new CalculationStore(db, recordWriter);
  const reader = config.databaseUrl ? undefined : sqliteReader(config.dataDir);
  // PostgreSQL has no data_version: the triggers of migration 0016 notify each write instead.
  const feed = config.databaseUrl ? new PostgresChangeFeed(config.databaseUrl, timing) : undefined;
  const carDetails = feed
    ? new CarDetailStore(db, undefined, feed.counter("car_details"), () => feed.written("car_details"))
    : new CarDetailStore(db, reader?.read, reader?.changes);
  const usage = new UsageStore(db, writer);
  return {
    dialect,
    db,
    subscriptions: feed
      ? new SubscriptionStore(db, undefined, feed.counter("subscriptions"), () =>
          feed.written("subscriptions"),
        )
      : new SubscriptionStore(db, reader?.read, reader?.changes),
    carDetails,
    publicLinks: new PublicLinkStore(db, carDetails),
    qr: new QrStore(db, writer),
    calculations,
    projections: new SavedResultStore(db, "projections"),
    comparisons: new SavedResultStore(db, "comparisons"),
    webhooks: webhookStore(db, dialect),
    rateLimits: new RateLimitStore(db, dialect),
    usage,
    rulesNotices: new RulesNoticeStore(db),
    idempotency: new IdempotencyStore(db),
    readCaches: () => feed?.state() ?? "trusted",
    close: async () => {
      // The usage counts first: the writer thread stops once the audit records are drained.
      await usage.flush().catch(() => undefined);
      await calculations.drain();
      reader?.close();
      await feed?.close();
      await db.destroy();
    },
  };
}
