import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "./open-storage";
import { type FreshDatabase, testDatabases } from "./testing/index";

const CLAIM_MS = 60_000;
const DAY_MS = 86_400_000;

describe.each(testDatabases())("idempotency keys on $dialect", (database) => {
  let fresh: FreshDatabase;
  let storage: Storage;
  let subscriptionId: string;
  let otherSubscriptionId: string;
  beforeAll(async () => {
    if (!database.available) return;
    fresh = await database.create();
    storage = await openStorage(fresh);
    subscriptionId = (await storage.subscriptions.create({ name: "A", environment: "acceptance" }))
      .subscription.id;
    otherSubscriptionId = (await storage.subscriptions.create({ name: "B", environment: "acceptance" }))
      .subscription.id;
  });
  afterAll(async () => {
    if (!database.available) return;
    await storage.close();
    await fresh.cleanup();
  });

  describe.skipIf(!database.available)("", () => {
    const answer = {
      status: 201,
      headers: [
        ["content-type", "application/json"],
        ["location", "https://api.cartax.test/v1/CarDetails/1"],
      ] as [string, string][],
      // Bytes that are not UTF-8 text survive as they are.
      body: new Uint8Array([0x7b, 0x7d, 0x00, 0xff, 0x80]),
    };

    it("lets one of many concurrent requests claim a key; the others find it in flight", async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () =>
          storage.idempotency.claim(subscriptionId, "k-concurrent", "f1", CLAIM_MS),
        ),
      );
      expect(outcomes.filter((o) => o.kind === "claimed")).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === "inFlight")).toHaveLength(5);
    });

    it("keeps the first answer byte for byte; the same fingerprint replays it, another one is a mismatch", async () => {
      const first = await storage.idempotency.claim(subscriptionId, "k-answer", "f1", CLAIM_MS);
      if (first.kind !== "claimed") throw new Error(`expected a claim, got ${first.kind}`);
      expect(await storage.idempotency.claim(subscriptionId, "k-answer", "f1", CLAIM_MS)).toEqual({
        kind: "inFlight",
      });
      const expires = new Date(Date.now() + DAY_MS);
      expect(
        await storage.idempotency.complete(subscriptionId, "k-answer", first.claim, answer, expires),
      ).toBe(true);
      const replay = await storage.idempotency.claim(subscriptionId, "k-answer", "f1", CLAIM_MS);
      expect(replay).toEqual({ kind: "replay", answer });
      expect(await storage.idempotency.claim(subscriptionId, "k-answer", "f2", CLAIM_MS)).toEqual({
        kind: "mismatch",
      });
      // Completing twice keeps the first answer.
      expect(
        await storage.idempotency.complete(
          subscriptionId,
          "k-answer",
          first.claim,
          { ...answer, status: 200 },
          expires,
        ),
      ).toBe(false);
    });

    it("scopes keys to the subscription", async () => {
      expect((await storage.idempotency.claim(subscriptionId, "k-scope", "f1", CLAIM_MS)).kind).toBe(
        "claimed",
      );
      expect((await storage.idempotency.claim(otherSubscriptionId, "k-scope", "f2", CLAIM_MS)).kind).toBe(
        "claimed",
      );
    });

    it("frees a released key: the next request claims it", async () => {
      const first = await storage.idempotency.claim(subscriptionId, "k-release", "f1", CLAIM_MS);
      if (first.kind !== "claimed") throw new Error(`expected a claim, got ${first.kind}`);
      await storage.idempotency.release(subscriptionId, "k-release", first.claim);
      expect((await storage.idempotency.claim(subscriptionId, "k-release", "f2", CLAIM_MS)).kind).toBe(
        "claimed",
      );
    });

    it("treats an expired key as new (an abandoned claim too) and sweeps expired rows only", async () => {
      const past = new Date(Date.now() - 2 * DAY_MS);
      const old = await storage.idempotency.claim(subscriptionId, "k-expired", "f1", CLAIM_MS, past);
      if (old.kind !== "claimed") throw new Error(`expected a claim, got ${old.kind}`);
      await storage.idempotency.complete(
        subscriptionId,
        "k-expired",
        old.claim,
        answer,
        new Date(past.getTime() + 1000),
      );
      // An abandoned claim (never completed) whose claim time is over.
      await storage.idempotency.claim(subscriptionId, "k-abandoned", "f1", CLAIM_MS, past);
      expect((await storage.idempotency.claim(subscriptionId, "k-abandoned", "f1", CLAIM_MS)).kind).toBe(
        "claimed",
      );
      // Expired and swept: the row goes, a live one stays.
      await storage.idempotency.claim(subscriptionId, "k-swept", "f1", CLAIM_MS, past);
      const count = async (key: string) =>
        (
          await storage.db
            .selectFrom("idempotency_keys")
            .select("fingerprint")
            .where("idempotency_key", "=", key)
            .execute()
        ).length;
      expect(await count("k-swept")).toBe(1);
      expect(await storage.idempotency.sweep()).toBeGreaterThanOrEqual(2);
      expect(await count("k-swept")).toBe(0);
      expect(await count("k-expired")).toBe(0);
      expect(await count("k-abandoned")).toBe(1);
      // The expired answer is not replayed: the key is claimed anew, whatever the body.
      expect((await storage.idempotency.claim(subscriptionId, "k-expired", "f9", CLAIM_MS)).kind).toBe(
        "claimed",
      );
    });
  });
});
