import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "./open-storage";
import { RateLimitStore } from "./rate-limit-store";
import { type FreshDatabase, testDatabases } from "./testing/index";

describe("in-process rate-limit counters (SQLite)", () => {
  it("allows N requests per fixed window aligned on the epoch, then refuses until it ends", () => {
    let now = 1_700_000_020_000; // 40 s into a whole minute
    const store = new RateLimitStore(undefined as never, "sqlite", () => now);
    const limit = { requests: 2, windowSeconds: 60 };
    expect(store.hit("s", limit)).toEqual({ allowed: true, remaining: 1, resetSeconds: 20 });
    expect(store.hit("s", limit)).toEqual({ allowed: true, remaining: 0, resetSeconds: 20 });
    now += 500;
    expect(store.hit("s", limit)).toEqual({ allowed: false, remaining: 0, resetSeconds: 20 });
    expect(store.hit("other", limit)).toMatchObject({ allowed: true, remaining: 1 });
    now += 19_500; // the next minute
    expect(store.hit("s", limit)).toEqual({ allowed: true, remaining: 1, resetSeconds: 60 });
  });
});

describe.each(testDatabases())("subscription limits, usage and rules notices on $dialect", (database) => {
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
    it("sets, reads and clears a subscription's rate limit (none by default)", async () => {
      const { subscription, primaryKey } = await storage.subscriptions.create({
        name: "limited",
        environment: "acceptance",
      });
      expect(subscription.rateLimit).toBeNull();
      const limited = await storage.subscriptions.setRateLimit(subscription.id, {
        requests: 5,
        windowSeconds: 60,
      });
      expect(limited?.rateLimit).toEqual({ requests: 5, windowSeconds: 60 });
      expect((await storage.subscriptions.authenticate(primaryKey, "acceptance"))?.rateLimit).toEqual({
        requests: 5,
        windowSeconds: 60,
      });
      expect((await storage.subscriptions.setRateLimit(subscription.id, null))?.rateLimit).toBeNull();
      expect(
        await storage.subscriptions.setRateLimit("00000000-0000-0000-0000-000000000000", null),
      ).toBeUndefined();
    });

    it("counts requests of a window and refuses past the limit", async () => {
      const limit = { requests: 3, windowSeconds: 3600 };
      const states = [];
      for (let i = 0; i < 4; i++) states.push(await storage.rateLimits.hit("count-test", limit));
      // A window boundary may fall between the calls (one in 3600 s): then the count restarts.
      if (states[3]?.resetSeconds && states[3].resetSeconds <= (states[0]?.resetSeconds ?? 0)) {
        expect(states.map((s) => s.remaining)).toEqual([2, 1, 0, 0]);
        expect(states.map((s) => s.allowed)).toEqual([true, true, true, false]);
        expect(states[3]?.resetSeconds).toBeGreaterThanOrEqual(1);
        expect(states[3]?.resetSeconds).toBeLessThanOrEqual(3600);
      }
      await storage.rateLimits.sweep();
    });

    it.runIf(database.dialect === "postgres")(
      "shares one counter between two connections to the database",
      async () => {
        const other = await openStorage(fresh);
        try {
          const limit = { requests: 10, windowSeconds: 3600 };
          const hits = await Promise.all(
            Array.from({ length: 12 }, (_, i) =>
              (i % 2 ? other : storage).rateLimits.hit("shared-test", limit),
            ),
          );
          // Twelve requests, two processes, one count: exactly ten allowed (unless an hour boundary fell between).
          const allowed = hits.filter((h) => h.allowed).length;
          expect([10, 12]).toContain(allowed);
        } finally {
          await other.close();
        }
      },
    );

    it("adds usage counts per hour, endpoint and status and answers them from a date", async () => {
      const at = Date.parse("2026-11-20T10:15:00Z");
      storage.usage.record("usage-sub", "POST", "/v1/Calculate", 200, at);
      storage.usage.record("usage-sub", "POST", "/v1/Calculate", 200, at + 60_000);
      storage.usage.record("usage-sub", "POST", "/v1/Calculate", 429, at);
      storage.usage.record("usage-sub", "GET", "/v1/CarDetails/:carDetailId", 404, at - 86_400_000);
      storage.usage.record("another-sub", "POST", "/v1/Calculate", 200, at);
      await storage.usage.flush();
      storage.usage.record("usage-sub", "POST", "/v1/Calculate", 200, at + 120_000);
      await storage.usage.flush();
      expect(await storage.usage.query("usage-sub")).toEqual([
        { method: "POST", route: "/v1/Calculate", status: 200, requests: 3 },
        { method: "POST", route: "/v1/Calculate", status: 429, requests: 1 },
        { method: "GET", route: "/v1/CarDetails/:carDetailId", status: 404, requests: 1 },
      ]);
      expect(await storage.usage.query("usage-sub", new Date("2026-11-20T10:59:00Z"))).toEqual([
        { method: "POST", route: "/v1/Calculate", status: 200, requests: 3 },
        { method: "POST", route: "/v1/Calculate", status: 429, requests: 1 },
      ]);
    });

    it("a flush called while another is writing resolves only once those counts are in the table", async () => {
      // The server's periodic flush may be writing when the storage closes or a caller flushes: the
      // second flush finds nothing pending, and must not resolve before the first one's rows are in.
      storage.usage.record("in-flight-sub", "POST", "/v1/CarDetails", 201);
      storage.usage.record("in-flight-sub", "POST", "/v1/CarDetails", 201);
      const periodic = storage.usage.flush();
      await storage.usage.flush();
      expect(await storage.usage.query("in-flight-sub")).toEqual([
        { method: "POST", route: "/v1/CarDetails", status: 201, requests: 2 },
      ]);
      await periodic;
    });

    it("records the notified rules version: a baseline once, then each notice", async () => {
      expect(await storage.rulesNotices.lastNotified()).toBeUndefined();
      expect((await storage.rulesNotices.baseline("2026.11.4")).rulesVersion).toBe("2026.11.4");
      expect((await storage.rulesNotices.baseline("2026.11.5")).rulesVersion).toBe("2026.11.4");
      await storage.rulesNotices.record("2026.11.5");
      expect((await storage.rulesNotices.lastNotified())?.rulesVersion).toBe("2026.11.5");
    });
  });
});
