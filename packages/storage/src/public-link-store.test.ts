import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "./open-storage";
import { type FreshDatabase, testDatabases } from "./testing/index";

describe.each(testDatabases())("public links of saved comparisons on $dialect", (database) => {
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
    it("gives one stable, unguessable token per comparison of an account, made once under concurrent first calls", async () => {
      const a = (await storage.subscriptions.create({ name: "A", environment: "acceptance" })).subscription;
      const b = (await storage.subscriptions.create({ name: "B", environment: "acceptance" })).subscription;
      const id = "4c1d7e2a-9b3f-4a6e-8d5c-0f1e2d3c4b5a";
      const tokens = await Promise.all(
        Array.from({ length: 6 }, () => storage.publicLinks.tokenForComparison(a.ownerId, id)),
      );
      expect(new Set(tokens).size).toBe(1);
      const [token = ""] = tokens;
      expect(token).toMatch(/^[\w-]{22}$/);
      expect(token).not.toContain(id.slice(0, 8));
      // The id is matched in any case, as the comparison store keeps it (lower case).
      expect(await storage.publicLinks.tokenForComparison(a.ownerId, id.toUpperCase())).toBe(token);
      expect(await storage.publicLinks.resolveComparison(token)).toEqual({
        ownerId: a.ownerId,
        comparisonId: id,
      });
      // Another account's link to the same id is its own.
      const other = await storage.publicLinks.tokenForComparison(b.ownerId, id);
      expect(other).not.toBe(token);
      expect((await storage.publicLinks.resolveComparison(other))?.ownerId).toBe(b.ownerId);
    });

    it("keeps car links and comparison links apart: a token resolves in its own table only", async () => {
      const a = (await storage.subscriptions.create({ name: "C", environment: "acceptance" })).subscription;
      const token = await storage.publicLinks.tokenForComparison(
        a.ownerId,
        "0b8f5c3e-2a1d-4e6f-9c7b-5a4d3e2f1a0b",
      );
      expect(await storage.publicLinks.resolve(token)).toBeUndefined();
      expect(await storage.publicLinks.resolveComparison("AAAAAAAAAAAAAAAAAAAAAA")).toBeUndefined();
      expect(await storage.publicLinks.resolveComparison("short")).toBeUndefined();
      expect(await storage.publicLinks.resolveComparison(`${token}'--`)).toBeUndefined();
    });
  });
});
