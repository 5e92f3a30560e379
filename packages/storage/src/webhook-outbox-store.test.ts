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

  it.skipIf(!database.available)(
    "an attempt that comes back after its delivery moved on (lease ran out, settled or requeued by another) is recorded and moves nothing",
    async () => {
      const { storage, subscription } = await open();
      const endpoint = await storage.webhooks.addEndpoint({
        subscriptionId: subscription.id,
        url: "http://127.0.0.1:9/h",
        firstPingInMs: 3_600_000,
      });
      const [queued] = await storage.webhooks.enqueueNotification((eventId) => JSON.stringify({ eventId }));
      const t0 = new Date(Date.now() + 1000);
      // Worker A claims with a short lease and hangs; the lease runs out and worker B claims it.
      const [slow] = await storage.webhooks.claimDue(t0, 10, 1_000);
      const [fast] = await storage.webhooks.claimDue(new Date(t0.getTime() + 2_000), 10, 1_000);
      expect(slow?.eventId).toBe(queued?.eventId);
      expect(fast?.eventId).toBe(queued?.eventId);
      const ok = { outcome: "success", status: 200, latencyMs: 5, error: null } as const;
      const refused = { outcome: "permanent", status: 400, latencyMs: 5, error: null } as const;
      await storage.webhooks.recordAttempt(fast as never, ok, { status: "delivered" }, t0);
      // A answers late with a failure: its attempt is kept, the delivery stays delivered.
      const late = await storage.webhooks.recordAttempt(slow as never, refused, { status: "failed" }, t0);
      expect(late).toBeUndefined();
      const [after] = await storage.webhooks.recentDeliveries(endpoint.id);
      expect(after).toMatchObject({ eventId: queued?.eventId, status: "delivered", attempts: 1 });
      const [seen] = (await storage.webhooks.listEndpoints()).filter((e) => e.id === endpoint.id);
      expect(seen?.consecutiveNotificationFailures).toBe(0);
      // An endpoint removed while an attempt was under way: the attempt comes back to nothing.
      const [other] = await storage.webhooks.enqueueNotification((eventId) => JSON.stringify({ eventId }));
      const [claimed] = await storage.webhooks.claimDue(new Date(t0.getTime() + 4_000), 10, 1_000);
      expect(claimed?.eventId).toBe(other?.eventId);
      expect(await storage.webhooks.removeEndpoint(endpoint.id)).toBe(true);
      await expect(
        storage.webhooks.recordAttempt(claimed as never, ok, { status: "delivered" }, t0),
      ).resolves.toBeUndefined();
    },
  );
});
