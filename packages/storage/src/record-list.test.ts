import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listIndexes } from "./migrations/0014-list-indexes";
import { openStorage, type Storage } from "./open-storage";
import { referencedCarIds } from "./record-list";
import { type FreshDatabase, testDatabases } from "./testing/index";

describe("referencedCarIds", () => {
  it("names a stored car only when no inline carDetail is sent (the inline car wins), a comparison's each", () => {
    const id = "3FA85F64-5717-4562-B3FC-2C963F66AFA6";
    expect(referencedCarIds({ carDetailId: id })).toBe(` ${id.toLowerCase()} `);
    expect(referencedCarIds({ carDetailId: id, carDetail: { catalogPrice: 1 } })).toBeNull();
    expect(referencedCarIds({ carDetail: { catalogPrice: 1 } })).toBeNull();
    expect(
      referencedCarIds({
        cars: [{ carDetailId: "a" }, { carDetail: {} }, { carDetailId: "b" }, { carDetailId: "A" }],
      }),
    ).toBe(" a b ");
    expect(referencedCarIds(null)).toBeNull();
  });
});

describe.each(testDatabases())("lists and migration 0014 on $dialect", (database) => {
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
    it("fills car_detail_ids of the records made before it, compressed, plain and saved; lists find them by car, in their account only", async () => {
      const { subscription } = await storage.subscriptions.create({ name: "a", environment: "acceptance" });
      const other = (await storage.subscriptions.create({ name: "b", environment: "acceptance" }))
        .subscription;
      const car = randomUUID();
      const audit = (ownerId: string, subscriptionId: string, createdAt: string) => ({
        ownerId,
        subscriptionId,
        rulesVersion: "2026.12.1",
        engineVersion: "1.0.0",
        clientVersion: null,
        createdAt,
      });
      const byId = JSON.stringify({ carDetailId: car, userProfile: {}, options: {} });
      const compressed = randomUUID();
      // Written as a record of before the migration: no car recorded.
      await storage.calculations.insert({
        id: compressed,
        request: `\uFEFF${byId}`,
        result: "{}",
        ...audit(subscription.ownerId, subscription.id, "2026-12-01T10:00:00.000Z"),
      });
      const inline = randomUUID();
      await storage.calculations.insert({
        id: inline,
        request: JSON.stringify({ carDetailId: car, carDetail: { catalogPrice: 1 } }),
        result: "{}",
        ...audit(subscription.ownerId, subscription.id, "2026-12-01T11:00:00.000Z"),
      });
      const theirs = randomUUID();
      await storage.calculations.insert({
        id: theirs,
        request: byId,
        result: "{}",
        ...audit(other.ownerId, other.id, "2026-12-01T12:00:00.000Z"),
      });
      const plain = randomUUID();
      await storage.db
        .insertInto("calculations")
        .values({
          id: plain,
          owner_id: subscription.ownerId,
          subscription_id: subscription.id,
          request: byId,
          result: "{}",
          rules_version: "2026.11.1",
          client_version: null,
          created_at: "2026-11-20T10:00:00.000Z",
        })
        .execute();
      const comparison = randomUUID();
      await storage.comparisons.insert({
        id: comparison,
        request: { cars: [{ carDetail: {} }, { carDetailId: car.toUpperCase() }] },
        result: {},
        ...audit(subscription.ownerId, subscription.id, "2026-12-02T10:00:00.000Z"),
      });
      await storage.calculations.drain();
      // As the database was before 0014: the column (and what was written in it) gone, then the migration.
      const db = storage.db as unknown as Kysely<unknown>;
      await listIndexes.down?.(db);
      await listIndexes.up(db);

      const ids = async (page: Promise<{ items: readonly { id: string }[] }>) =>
        (await page).items.map((r) => r.id);
      const mine = { ownerId: subscription.ownerId, limit: 10 };
      expect(await ids(storage.calculations.list({ ...mine, carDetailId: car }))).toEqual([
        compressed,
        plain,
      ]);
      expect(await ids(storage.calculations.list(mine))).toEqual([inline, compressed, plain]);
      expect(await ids(storage.comparisons.list({ ...mine, carDetailId: car }))).toEqual([comparison]);
      expect(
        await ids(storage.calculations.list({ ownerId: other.ownerId, limit: 10, carDetailId: car })),
      ).toEqual([theirs]);
      // A position taken from the other account's record: still only own rows.
      const after = { createdAt: "2026-12-01T12:00:00.000Z", id: theirs };
      expect(await ids(storage.calculations.list({ ...mine, after }))).toEqual([inline, compressed, plain]);
      // Pages: the first two, then the rest after the last of them.
      const first = await storage.calculations.list({ ...mine, limit: 2 });
      expect(first.items.map((r) => r.id)).toEqual([inline, compressed]);
      expect(first.next).toEqual({ createdAt: "2026-12-01T10:00:00.000Z", id: compressed });
      const second = await storage.calculations.list({
        ...mine,
        limit: 2,
        ...(first.next ? { after: first.next } : {}),
      });
      expect(second.items.map((r) => [r.id, r.storedAs])).toEqual([[plain, "plain"]]);
      expect(second.next).toBeUndefined();
      // Calculations written now record their car at once.
      const now = randomUUID();
      await storage.calculations.insert({
        id: now,
        request: byId,
        result: "{}",
        carDetailId: car,
        ...audit(subscription.ownerId, subscription.id, "2026-12-03T10:00:00.000Z"),
      });
      await storage.calculations.drain();
      expect(
        await ids(storage.calculations.list({ ...mine, carDetailId: car, from: "2026-12-02T00:00:00.000Z" })),
      ).toEqual([now]);
    });
  });
});
