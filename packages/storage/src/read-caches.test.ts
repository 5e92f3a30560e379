import { performance } from "node:perf_hooks";
import type { CarDetailBody } from "@cartax/schemas";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "./open-storage";
import { CHANGE_FEED_TIMING, type ChangeFeedTiming } from "./postgres/change-feed";
import { hashSubscriptionKey } from "./subscription-key";
import { type FreshDatabase, testDatabases } from "./testing/index";

const car = {
  catalogPrice: 40000,
  firstRegistration: "2025-03-01",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 110,
  wltp: 130,
  nedC2: 0,
  capacity: 1498,
  isActive: true,
} as CarDetailBody;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/**
 * Reads through `read` until `isNew` holds, from just after a write was acknowledged: fails if a
 * read that started more than `windowMs` after the acknowledgement still gave the old value, or if
 * any later read (for 200 ms, and until the window has passed) gives it again.
 */
async function seenWithin<T>(
  windowMs: number,
  read: () => Promise<T>,
  isNew: (value: T) => boolean,
): Promise<void> {
  const acknowledged = performance.now();
  for (;;) {
    const started = performance.now();
    if (isNew(await read())) break;
    if (started - acknowledged >= windowMs)
      throw new Error(`a read started ${(started - acknowledged).toFixed(1)} ms after the write was stale`);
    await sleep(2);
  }
  // Past the window too: once seen, the old value never comes back.
  const end = Math.max(performance.now() + 200, acknowledged + windowMs + 100);
  while (performance.now() < end) {
    expect(isNew(await read())).toBe(true);
    await sleep(2);
  }
}

describe.each(testDatabases())("read caches of two instances on one $dialect database", (database) => {
  // SQLite: data_version, so the very next read sees a commit of any connection (window 0).
  const windowMs = database.dialect === "sqlite" ? 0 : CHANGE_FEED_TIMING.windowMs;
  let fresh: FreshDatabase;
  /** The instance that writes (it never reads through its caches, so it never listens). */
  let a: Storage;
  /** The instance whose caches must follow. */
  let b: Storage;
  const opened: Storage[] = [];
  const open = async (timing?: ChangeFeedTiming) => {
    const storage = await openStorage(fresh, timing);
    opened.push(storage);
    return storage;
  };

  beforeAll(async () => {
    if (!database.available) return;
    fresh = await database.create();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((storage) => storage.close()));
  });
  afterAll(async () => {
    if (!database.available) return;
    await fresh.cleanup();
  });

  /** B has read once (starting its change feed on PostgreSQL) and vouches for its caches. */
  const trusted = async (storage: Storage, read: () => Promise<unknown>) => {
    await read();
    await until(() => storage.readCaches() === "trusted", "the change feed to vouch for the caches");
    await read();
  };

  describe.skipIf(!database.available)("", () => {
    it("a key disabled through A is refused by B within the window, and never after", async () => {
      a = await open();
      b = await open();
      const { subscription, primaryKey } = await a.subscriptions.create({
        name: "two instances",
        environment: "acceptance",
      });
      const authenticate = () => b.subscriptions.authenticate(primaryKey, "acceptance");
      await trusted(b, authenticate);
      expect((await authenticate())?.active).toBe(true);
      await a.subscriptions.update(subscription.id, { active: false });
      await seenWithin(windowMs, authenticate, (s) => s?.active === false);
    });

    it("a key rotated through A stops working on B within the window, and never works after", async () => {
      a = await open();
      b = await open();
      const { subscription, primaryKey } = await a.subscriptions.create({
        name: "rotated",
        environment: "acceptance",
      });
      const authenticate = () => b.subscriptions.authenticate(primaryKey, "acceptance");
      await trusted(b, authenticate);
      await a.subscriptions.rotate(subscription.id, "primary");
      await seenWithin(windowMs, authenticate, (s) => s === undefined);
    });

    it("a car changed through A is read by B within the window, as a new record, and never the old after", async () => {
      a = await open();
      b = await open();
      const { subscription } = await a.subscriptions.create({ name: "cars", environment: "acceptance" });
      const stored = await a.carDetails.create(subscription.ownerId, car);
      const read = () => b.carDetails.get(subscription.ownerId, stored.id);
      await trusted(b, read);
      const before = await read();
      await a.carDetails.put(subscription.ownerId, stored.id, { ...car, catalogPrice: 45000 });
      await seenWithin(windowMs, read, (s) => s?.car.catalogPrice === 45000);
      // The matrix answers are remembered per record (apps/api tax-matrix.ts): a changed car is a new one.
      expect(await read()).not.toBe(before);
    });

    it("an inactive subscription's key and an unknown key are looked up every time: exact at once", async () => {
      a = await open();
      b = await open();
      const { subscription, primaryKey } = await a.subscriptions.create({
        name: "inactive",
        environment: "acceptance",
        active: false,
      });
      const authenticate = () => b.subscriptions.authenticate(primaryKey, "acceptance");
      await trusted(b, authenticate);
      expect((await authenticate())?.active).toBe(false);
      await a.subscriptions.update(subscription.id, { active: true });
      expect((await authenticate())?.active).toBe(true);

      // A key that found nothing (a deleted subscription's) is not remembered either.
      const key = `ctx_acc_${"k".repeat(43)}`;
      const byKey = () => b.subscriptions.authenticate(key, "acceptance");
      await trusted(b, byKey);
      expect(await byKey()).toBeUndefined();
      const id = "0f7c3a9e-2b1d-4c5e-8f6a-7b8c9d0e1f2a";
      await a.db
        .insertInto("subscriptions")
        .values({
          id,
          owner_id: subscription.ownerId,
          name: "inserted by hand",
          environment: "acceptance",
          active: 1,
          calculation_access: 0,
          prices_include_vat: 0,
          primary_key_hash: hashSubscriptionKey(key),
          secondary_key_hash: hashSubscriptionKey(`${key}2`),
          created_at: subscription.createdAt,
          updated_at: subscription.createdAt,
        })
        .execute();
      expect((await byKey())?.id).toBe(id);
      // Deleted (by SQL: the triggers notify any writer) while B remembers it: gone within the window.
      await a.db.deleteFrom("subscriptions").where("id", "=", id).execute();
      await seenWithin(windowMs, byKey, (s) => s === undefined);
    });

    describe.skipIf(database.dialect !== "postgres")("PostgreSQL's change feed", () => {
      /** A write that notifies nobody: triggers off for the session (as a logical replica applies changes). */
      const silently = async (statement: string, parameters: unknown[]) => {
        const client = new pg.Client({ connectionString: fresh.databaseUrl });
        await client.connect();
        try {
          await client.query("set session_replication_role = replica");
          await client.query(statement, parameters);
        } finally {
          await client.end();
        }
      };
      const silentPrice = (ownerId: string, id: string, price: number) =>
        silently("update car_details set data = $1 where owner_id = $2 and id = $3", [
          JSON.stringify({ ...car, catalogPrice: price }),
          ownerId,
          id,
        ]);
      /** Ends B's listening connection from the server's side, as a restart or an administrator would. */
      const dropListener = async () => {
        const { rows } = await sql<{ pid: number }>`select pg_terminate_backend(pid) as pid
          from pg_stat_activity
          where application_name = 'cartax-change-feed' and datname = current_database()`.execute(a.db);
        expect(rows.length).toBeGreaterThan(0);
      };
      const newCar = async () => {
        const { subscription } = await a.subscriptions.create({ name: "feed", environment: "acceptance" });
        const stored = await a.carDetails.create(subscription.ownerId, car);
        return { ownerId: subscription.ownerId, id: stored.id };
      };

      it("B answers from its cache while the feed vouches: a write that notifies nobody is not seen", async () => {
        a = await open();
        b = await open();
        const { ownerId, id } = await newCar();
        const read = () => b.carDetails.get(ownerId, id);
        await trusted(b, read);
        await silentPrice(ownerId, id, 41000);
        // Only a read the feed vouched for both before and after counts (a slow heartbeat bypasses).
        await until(() => b.readCaches() === "trusted", "trusted");
        const price = (await read())?.car.catalogPrice;
        if (b.readCaches() === "trusted") expect(price).toBe(40000);
        // Any notified write to the table drops what B holds.
        await a.carDetails.put(ownerId, id, { ...car, catalogPrice: 42000 });
        await seenWithin(windowMs, read, (s) => s?.car.catalogPrice === 42000);
      });

      it("with its listening connection down, B reads through: even a write that notifies nobody is seen", async () => {
        a = await open();
        b = await open({ ...CHANGE_FEED_TIMING, reconnectMs: 60_000 });
        const { ownerId, id } = await newCar();
        const { subscription, primaryKey } = await a.subscriptions.create({
          name: "down",
          environment: "acceptance",
        });
        const read = () => b.carDetails.get(ownerId, id);
        const authenticate = () => b.subscriptions.authenticate(primaryKey, "acceptance");
        await trusted(b, read);
        await trusted(b, authenticate);
        await dropListener();
        await until(() => b.readCaches() === "bypassed", "the caches to be bypassed");
        await silentPrice(ownerId, id, 43000);
        expect((await read())?.car.catalogPrice).toBe(43000);
        await silently("update subscriptions set active = 0 where id = $1", [subscription.id]);
        expect((await authenticate())?.active).toBe(false);
        expect(b.readCaches()).toBe("bypassed");
      });

      it("after reconnecting, B drops what it read before: changes made while nobody listened are seen", async () => {
        a = await open();
        b = await open({ ...CHANGE_FEED_TIMING, reconnectMs: 100 });
        const { ownerId, id } = await newCar();
        const read = () => b.carDetails.get(ownerId, id);
        await trusted(b, read);
        await dropListener();
        await until(() => b.readCaches() === "bypassed", "the caches to be bypassed");
        await silentPrice(ownerId, id, 44000);
        // No read in between: the record B holds is from before the connection was lost.
        await until(() => b.readCaches() === "trusted", "the feed to listen again");
        expect((await read())?.car.catalogPrice).toBe(44000);
      });

      it("a stale read stays possible only within the window: the feed stops vouching when heartbeats stop", async () => {
        a = await open();
        b = await open({ heartbeatMs: 60_000, windowMs: 300, reconnectMs: 60_000 });
        const { ownerId, id } = await newCar();
        const read = () => b.carDetails.get(ownerId, id);
        // The first heartbeat is sent on listening; none follows for a minute.
        await trusted(b, read);
        await silentPrice(ownerId, id, 46000);
        const silentAt = performance.now();
        await until(() => b.readCaches() === "bypassed", "the heartbeat to expire", 2_000);
        // 300 ms after the heartbeat was sent (before the write), give or take this loop's polling.
        expect(performance.now() - silentAt).toBeLessThan(300 + 200);
        expect((await read())?.car.catalogPrice).toBe(46000);
      });
    });
  });
});
