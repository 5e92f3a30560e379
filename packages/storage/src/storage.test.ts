import type { CarDetailBody } from "@cartax/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "./open-storage";
import { CHANGE_FEED_TIMING } from "./postgres/change-feed";
import { hashSubscriptionKey } from "./subscription-key";
import { UnknownAccountError } from "./subscription-store";
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

describe.each(testDatabases())("storage on $dialect", (database) => {
  let fresh: FreshDatabase;
  let storage: Storage;

  beforeAll(async () => {
    if (!database.available) return;
    fresh = await database.create();
    storage = await openStorage(fresh);
  });
  afterAll(async () => {
    if (!database.available) return;
    await storage.close();
    await fresh.cleanup();
  });

  describe.skipIf(!database.available)("", () => {
    it("migrates an already migrated database without change", async () => {
      const again = await openStorage(fresh);
      await again.close();
      expect(storage.dialect).toBe(database.dialect);
    });

    it("stores only key hashes and accepts both keys of a subscription", async () => {
      const { subscription, primaryKey, secondaryKey } = await storage.subscriptions.create({
        name: "fleet",
        environment: "acceptance",
        calculationAccess: true,
      });
      expect(primaryKey).toMatch(/^ctx_acc_[0-9A-Za-z]{43}$/);
      expect(secondaryKey).not.toBe(primaryKey);
      const row = await storage.db
        .selectFrom("subscriptions")
        .selectAll()
        .where("id", "=", subscription.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(primaryKey.slice(8));
      expect(row.primary_key_hash).toBe(hashSubscriptionKey(primaryKey));
      expect((await storage.subscriptions.authenticate(primaryKey, "acceptance"))?.id).toBe(subscription.id);
      expect((await storage.subscriptions.authenticate(secondaryKey, "acceptance"))?.id).toBe(
        subscription.id,
      );
      expect(subscription).toMatchObject({ active: true, calculationAccess: true, pricesIncludeVat: false });
    });

    it("never accepts a key in the other environment, a truncated key or a made-up key", async () => {
      const { primaryKey } = await storage.subscriptions.create({ name: "a", environment: "acceptance" });
      const prod = await storage.subscriptions.create({ name: "p", environment: "production" });
      expect(prod.primaryKey.startsWith("ctx_prd_")).toBe(true);
      expect(await storage.subscriptions.authenticate(primaryKey, "production")).toBeUndefined();
      expect(await storage.subscriptions.authenticate(prod.primaryKey, "acceptance")).toBeUndefined();
      // Same random part under the other prefix: still refused.
      const swapped = `ctx_prd_${primaryKey.slice(8)}`;
      expect(await storage.subscriptions.authenticate(swapped, "production")).toBeUndefined();
      expect(await storage.subscriptions.authenticate(primaryKey.slice(0, -1), "acceptance")).toBeUndefined();
      const last = primaryKey.endsWith("x") ? "y" : "x";
      expect(
        await storage.subscriptions.authenticate(`${primaryKey.slice(0, -1)}${last}`, "acceptance"),
      ).toBeUndefined();
      expect(await storage.subscriptions.authenticate("", "acceptance")).toBeUndefined();
    });

    it("rotates one key and leaves the other working", async () => {
      const created = await storage.subscriptions.create({ name: "r", environment: "acceptance" });
      const id = created.subscription.id;
      const newPrimary = await storage.subscriptions.rotate(id, "primary");
      expect(newPrimary).toBeDefined();
      expect(await storage.subscriptions.authenticate(created.primaryKey, "acceptance")).toBeUndefined();
      expect((await storage.subscriptions.authenticate(newPrimary ?? "", "acceptance"))?.id).toBe(id);
      expect((await storage.subscriptions.authenticate(created.secondaryKey, "acceptance"))?.id).toBe(id);
      expect(
        await storage.subscriptions.rotate("00000000-0000-4000-8000-000000000000", "primary"),
      ).toBeUndefined();
    });

    it("a key's subscription is remembered only until the database changes, even from another process's connection", async () => {
      const created = await storage.subscriptions.create({
        name: "cached",
        environment: "acceptance",
        calculationAccess: true,
      });
      const id = created.subscription.id;
      const first = await storage.subscriptions.authenticate(created.primaryKey, "acceptance");
      const again = await storage.subscriptions.authenticate(created.primaryKey, "acceptance");
      expect(again).toEqual(first);
      // SQLite keeps the look-up (the same object) while nothing was committed; PostgreSQL's cache
      // follows its change feed (read-caches.test.ts).
      if (database.dialect === "sqlite") expect(again).toBe(first);
      // A second connection, as the operator CLI opens: each change counts from the next look-up on
      // SQLite, within the change feed's window on PostgreSQL (read-caches.test.ts).
      const operator = await openStorage(fresh);
      const authenticate = (key: string) => storage.subscriptions.authenticate(key, "acceptance");
      const seen = async <T>(read: () => Promise<T>, expected: T) => {
        if (database.dialect === "sqlite") expect(await read()).toEqual(expected);
        else await expect.poll(read, { timeout: CHANGE_FEED_TIMING.windowMs, interval: 5 }).toEqual(expected);
      };
      const gates = async () => {
        const subscription = await authenticate(created.primaryKey);
        return subscription && { active: subscription.active, calculation: subscription.calculationAccess };
      };
      try {
        await operator.subscriptions.update(id, { calculationAccess: false });
        await seen(gates, { active: true, calculation: false });
        await operator.subscriptions.update(id, { active: false });
        await seen(gates, { active: false, calculation: false });
        await operator.subscriptions.update(id, { active: true });
        // An inactive subscription's key is never remembered: its reactivation counts at once on both.
        expect(await gates()).toEqual({ active: true, calculation: false });
        const rotated = await operator.subscriptions.rotate(id, "primary");
        await seen(gates, undefined);
        expect((await authenticate(rotated ?? ""))?.id).toBe(id);
      } finally {
        await operator.close();
      }
    });

    it("updates the gates and lists subscriptions without keys", async () => {
      const created = await storage.subscriptions.create({ name: "g", environment: "acceptance" });
      const updated = await storage.subscriptions.update(created.subscription.id, {
        active: false,
        calculationAccess: true,
        pricesIncludeVat: true,
      });
      expect(updated).toMatchObject({ active: false, calculationAccess: true, pricesIncludeVat: true });
      const listed = await storage.subscriptions.list();
      expect(listed.map((s) => s.id)).toContain(created.subscription.id);
      expect(JSON.stringify(listed)).not.toContain(created.primaryKey);
    });

    it("adds a subscription to an existing account and refuses an unknown account", async () => {
      const first = await storage.subscriptions.create({ name: "one", environment: "acceptance" });
      const second = await storage.subscriptions.create({
        name: "two",
        environment: "acceptance",
        ownerId: first.subscription.ownerId,
      });
      expect(second.subscription.ownerId).toBe(first.subscription.ownerId);
      await expect(
        storage.subscriptions.create({
          name: "x",
          environment: "acceptance",
          ownerId: "00000000-0000-4000-8000-000000000000",
        }),
      ).rejects.toBeInstanceOf(UnknownAccountError);
    });

    it("keeps car details per account: another account's id is unknown, a PUT there creates its own", async () => {
      const a = (await storage.subscriptions.create({ name: "A", environment: "acceptance" })).subscription;
      const b = (await storage.subscriptions.create({ name: "B", environment: "acceptance" })).subscription;
      const stored = await storage.carDetails.create(a.ownerId, {
        ...car,
        id: "ignored",
        ownerId: "ignored",
      });
      expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(stored.car).not.toHaveProperty("id");
      expect((await storage.carDetails.get(a.ownerId, stored.id))?.car.catalogPrice).toBe(40000);
      expect(await storage.carDetails.get(b.ownerId, stored.id)).toBeUndefined();

      const byB = await storage.carDetails.put(b.ownerId, stored.id, { ...car, catalogPrice: 1 });
      expect(byB.created).toBe(true);
      expect((await storage.carDetails.get(a.ownerId, stored.id))?.car.catalogPrice).toBe(40000);

      const again = await storage.carDetails.put(a.ownerId, stored.id.toUpperCase(), {
        ...car,
        catalogPrice: 41000,
      });
      expect(again.created).toBe(false);
      expect((await storage.carDetails.get(a.ownerId, stored.id))?.car.catalogPrice).toBe(41000);
    });

    it("a car detail read is remembered only until the database changes, even from another connection", async () => {
      const { subscription } = await storage.subscriptions.create({
        name: "cars",
        environment: "acceptance",
      });
      const stored = await storage.carDetails.create(subscription.ownerId, car);
      const first = await storage.carDetails.get(subscription.ownerId, stored.id);
      const again = await storage.carDetails.get(subscription.ownerId, stored.id.toUpperCase());
      expect(again).toEqual(first);
      // SQLite keeps the read (the same frozen object) while nothing was committed.
      if (database.dialect === "sqlite") {
        expect(again).toBe(first);
        expect(Object.isFrozen(again?.car)).toBe(true);
      }
      const other = await openStorage(fresh);
      try {
        await other.carDetails.put(subscription.ownerId, stored.id, { ...car, catalogPrice: 45000 });
        const price = async () =>
          (await storage.carDetails.get(subscription.ownerId, stored.id))?.car.catalogPrice;
        // SQLite: the next read. PostgreSQL: within the change feed's window (read-caches.test.ts).
        if (database.dialect === "sqlite") expect(await price()).toBe(45000);
        else await expect.poll(price, { timeout: CHANGE_FEED_TIMING.windowMs, interval: 5 }).toBe(45000);
      } finally {
        await other.close();
      }
    });

    it("creates exactly once when PUTs at a new id race", async () => {
      const a = (await storage.subscriptions.create({ name: "race", environment: "acceptance" }))
        .subscription;
      const id = "5b0e9a52-7d1c-4f6e-9a57-3c2d1e0f4a6b";
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          storage.carDetails.put(a.ownerId, id, { ...car, kilowatt: 100 + i }),
        ),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
    });

    it("keeps the calculation audit record for its own account only", async () => {
      const created = await storage.subscriptions.create({ name: "audit", environment: "acceptance" });
      const other = await storage.subscriptions.create({ name: "other", environment: "acceptance" });
      const record = {
        id: "9f1c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b",
        ownerId: created.subscription.ownerId,
        subscriptionId: created.subscription.id,
        // As received (white space and all) and as sent: kept byte for byte.
        request: '{ "userProfile": {"postalCode": 9000},\n "name": "Élise 🚗" }',
        result: '{"calculationId":"9f1c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b","lines":[]}',
        rulesVersion: "2026.11.1",
        engineVersion: "0.1.0",
        clientVersion: "1",
        createdAt: new Date().toISOString(),
      };
      await storage.calculations.insert(record);
      expect(await storage.calculations.get(created.subscription.ownerId, record.id)).toEqual({
        ...record,
        storedAs: "compressed",
      });
      expect(await storage.calculations.get(other.subscription.ownerId, record.id)).toBeUndefined();
    });

    it("reads back an audit record written before compression (table calculations) as it was stored", async () => {
      const { subscription } = await storage.subscriptions.create({
        name: "legacy",
        environment: "acceptance",
      });
      const row = {
        id: "7e1c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b",
        owner_id: subscription.ownerId,
        subscription_id: subscription.id,
        request: '{"userProfile":{"postalCode":9000}}',
        result: '{"calculationId":"7e1c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b","lines":[],"unavailableLines":[]}',
        rules_version: "2026.11.7",
        client_version: null,
        created_at: "2026-11-27T10:00:00.000Z",
      };
      await storage.db.insertInto("calculations").values(row).execute();
      expect(await storage.calculations.get(subscription.ownerId, row.id.toUpperCase())).toEqual({
        id: row.id,
        ownerId: row.owner_id,
        subscriptionId: row.subscription_id,
        request: row.request,
        result: row.result,
        rulesVersion: row.rules_version,
        engineVersion: null,
        clientVersion: null,
        createdAt: row.created_at,
        storedAs: "plain",
      });
      expect(await storage.calculations.get("another-account", row.id)).toBeUndefined();
    });

    it("keeps saved projections and comparisons apart, each for its own account only", async () => {
      const created = await storage.subscriptions.create({ name: "saved", environment: "acceptance" });
      const other = await storage.subscriptions.create({ name: "saved-other", environment: "acceptance" });
      const record = {
        id: "1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d",
        ownerId: created.subscription.ownerId,
        subscriptionId: created.subscription.id,
        request: { options: { registrationDate: "2026-03-01", years: 4 } },
        result: { projectionId: "1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d", years: [], totals: [] },
        rulesVersion: "2026.11.7",
        clientVersion: null,
        createdAt: new Date().toISOString(),
      };
      await storage.projections.insert(record);
      expect(await storage.projections.get(created.subscription.ownerId, record.id.toUpperCase())).toEqual(
        record,
      );
      expect(await storage.projections.get(other.subscription.ownerId, record.id)).toBeUndefined();
      expect(await storage.comparisons.get(created.subscription.ownerId, record.id)).toBeUndefined();
      const comparison = { ...record, result: { comparisonId: record.id, rows: [] } };
      await storage.comparisons.insert(comparison, JSON.stringify(comparison.result));
      expect(await storage.comparisons.get(created.subscription.ownerId, record.id)).toEqual(comparison);
    });

    it("runs read-then-write transactions while audit records are being committed", async () => {
      // On SQLite the audit records are committed by a second connection (a worker thread): a
      // transaction that read first and then writes must not fail because a commit came between.
      const { subscription } = await storage.subscriptions.create({
        name: "busy",
        environment: "acceptance",
      });
      const createdAt = new Date().toISOString();
      const audits = Array.from({ length: 300 }, (_, i) =>
        storage.calculations.insert({
          id: `10000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
          ownerId: subscription.ownerId,
          subscriptionId: subscription.id,
          request: JSON.stringify({ i }),
          result: JSON.stringify({ lines: ["x".repeat(2000)] }),
          rulesVersion: "2026.11.1",
          engineVersion: "0.1.0",
          clientVersion: null,
          createdAt,
        }),
      );
      const extra: Promise<unknown>[] = [];
      for (let i = 0; i < 5; i++) {
        // A transaction that reads, waits (other requests run meanwhile), then writes.
        extra.push(
          storage.db.transaction().execute(async (trx) => {
            await trx.selectFrom("accounts").select("id").where("id", "=", subscription.ownerId).execute();
            await new Promise((resolve) => setTimeout(resolve, 15));
            await trx
              .insertInto("accounts")
              .values({ id: `busy-${i}`, created_at: createdAt })
              .execute();
          }),
        );
        extra.push(
          storage.subscriptions.create({
            name: `s${i}`,
            environment: "acceptance",
            ownerId: subscription.ownerId,
          }),
        );
      }
      const outcomes = await Promise.allSettled([...audits, ...extra]);
      expect(
        outcomes
          .filter((o) => o.status === "rejected")
          .map((o) => String((o as PromiseRejectedResult).reason)),
      ).toEqual([]);
    });

    it("commits a burst of audit records in groups; a bad record fails alone, the others are saved", async () => {
      const { subscription } = await storage.subscriptions.create({
        name: "burst",
        environment: "acceptance",
      });
      const createdAt = new Date().toISOString();
      const record = (i: number, ownerId = subscription.ownerId) => ({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
        ownerId,
        subscriptionId: subscription.id,
        request: JSON.stringify({ i }),
        result: JSON.stringify({ lines: [i] }),
        rulesVersion: "2026.11.1",
        engineVersion: "0.1.0",
        clientVersion: null,
        createdAt,
      });
      // Record 7 names an account that does not exist: the foreign key refuses it.
      const outcomes = await Promise.allSettled(
        Array.from({ length: 120 }, (_, i) =>
          storage.calculations.insert(i === 7 ? record(i, "no-such-account") : record(i)),
        ),
      );
      expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(1);
      expect(outcomes[7]?.status).toBe("rejected");
      for (const i of [0, 6, 8, 119]) {
        expect(await storage.calculations.get(subscription.ownerId, record(i).id)).toEqual({
          ...record(i),
          storedAs: "compressed",
        });
      }
      expect(await storage.calculations.get("no-such-account", record(7).id)).toBeUndefined();
    });
  });
});
