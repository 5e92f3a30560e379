import { afterEach, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "./open-storage";
import { type FreshDatabase, testDatabases } from "./testing/index";

describe.each(testDatabases())("the webhook outbox on $dialect", (database) => {
  let fresh: FreshDatabase | undefined;
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
    await fresh?.cleanup();
    storage = fresh = undefined;
  });

  const open = async () => {
    fresh = await database.create();
    storage = await openStorage(fresh);
    const { subscription } = await storage.subscriptions.create({ name: "hooks", environment: "acceptance" });
    return { storage, subscription };
  };

  it.skipIf(!database.available)(
    "schedulePings is one transaction: a failure leaves the endpoint's ping due, not skipped",
    async () => {
      const { storage, subscription } = await open();
      const endpoint = await storage.webhooks.addEndpoint({
        subscriptionId: subscription.id,
        url: "http://127.0.0.1:9/h",
      });
      const now = new Date(Date.now() + 1000);
      await expect(
        storage.webhooks.schedulePings(now, 60_000, () => {
          throw new Error("no body");
        }),
      ).rejects.toThrow("no body");
      expect(await storage.webhooks.recentDeliveries(endpoint.id, { kind: "ping" })).toEqual([]);
      // The ping is still due: the next run enqueues it, and moves the next ping one interval on.
      expect(
        await storage.webhooks.schedulePings(now, 60_000, (eventId) => JSON.stringify({ eventId })),
      ).toBe(1);
      expect(
        await storage.webhooks.schedulePings(now, 60_000, (eventId) => JSON.stringify({ eventId })),
      ).toBe(0);
      expect(await storage.webhooks.recentDeliveries(endpoint.id, { kind: "ping" })).toMatchObject([
        { kind: "ping", status: "pending", attempts: 0 },
      ]);
    },
  );

  it.skipIf(!database.available)(
    "requeues only failed notifications: never one pending or delivered, never a ping",
    async () => {
      const { storage, subscription } = await open();
      const endpoint = await storage.webhooks.addEndpoint({
        subscriptionId: subscription.id,
        url: "http://127.0.0.1:9/h",
        firstPingInMs: 3_600_000,
      });
      const [pending] = await storage.webhooks.enqueueNotification((eventId) => JSON.stringify({ eventId }));
      await expect(storage.webhooks.redeliver(pending?.eventId as string)).rejects.toThrow(
        /is pending: only failed deliveries are redelivered/,
      );
      const since = new Date(Date.now() - 1000);
      expect(await storage.webhooks.recover(endpoint.id, since)).toEqual([]);
      expect(await storage.webhooks.recentDeliveries(endpoint.id)).toMatchObject([
        { eventId: pending?.eventId, status: "pending" },
      ]);
    },
  );
});
