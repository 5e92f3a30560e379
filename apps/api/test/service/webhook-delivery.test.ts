import http from "node:http";
import type { AddressInfo } from "node:net";
import { changeNotification, type UpdatedCalculation } from "@cartax/schemas";
import type { Storage } from "@cartax/storage";
import { type FreshDatabase, testDatabases } from "@cartax/storage/testing";
import { MemoryDedupeStore, type ReceivedEvent, receiveWebhook } from "@cartax/webhooks";
import { afterEach, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../../src/testing/test-service";
import type { WebhookConfig } from "../../src/webhooks/webhook-config";

const fast: WebhookConfig = {
  workerInServer: true,
  pingIntervalMs: 3_600_000,
  pingFlagThreshold: 2,
  timeoutMs: 2_000,
  retryDelaysMs: [50, 50],
  pollMs: 25,
};
const secret = "whsec_test_0123456789abcdef";
const notify = (storage: Storage, types: UpdatedCalculation[]) =>
  storage.webhooks.enqueueNotification((eventId) => JSON.stringify(changeNotification(eventId, types)));

/**
 * A receiver built with our helper, answering the statuses in turn (the last one repeats); pings
 * get `pingStatus` instead when it is set.
 */
async function helperReceiver(statuses: number[]) {
  const events: ReceivedEvent[] = [];
  const eventIds: string[] = [];
  const dedupe = new MemoryDedupeStore();
  let calls = 0;
  const hook = { statuses, pingStatus: undefined as number | undefined };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c) => chunks.push(c));
    request.on("end", async () => {
      const raw = Buffer.concat(chunks);
      const isPing = raw.includes('"ping":true');
      const status =
        isPing && hook.pingStatus !== undefined
          ? hook.pingStatus
          : (statuses[Math.min(calls++, statuses.length - 1)] ?? 200);
      eventIds.push(String(request.headers["x-service-event-id"]));
      if (status >= 300) return void response.writeHead(status).end();
      const event = await receiveWebhook(raw, request.headers, { secret, dedupe });
      if (event.kind === "notification") await event.commit();
      events.push(event);
      response.writeHead(event.kind === "rejected" ? 401 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receivers.push(server);
  return Object.assign(hook, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cartax-hook`,
    events,
    eventIds,
  });
}
const receivers: http.Server[] = [];
const services: TestService[] = [];
const databases: FreshDatabase[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.server.close();
  for (const r of receivers.splice(0)) {
    r.closeAllConnections();
    r.close();
  }
  for (const d of databases.splice(0)) await d.cleanup();
});

async function until(condition: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("condition not reached in time");
}

describe.each(testDatabases())("webhooks on $dialect", (db) => {
  const start = async (config: WebhookConfig, database?: FreshDatabase) => {
    const fresh = database ?? (await db.create());
    if (!database) databases.push(fresh);
    const service = await startTestService(db, { database: fresh, webhooks: config });
    services.push(service);
    return service;
  };

  it.skipIf(!db.available)("a notification arrives signed at a receiver built with our helper", async () => {
    const service = await start(fast);
    const hook = await helperReceiver([204]);
    const sub = await service.subscribe();
    const endpoint = await service.server.service.storage.webhooks.addEndpoint({
      subscriptionId: sub.id,
      url: hook.url,
      secret,
    });
    const events = await notify(service.server.service.storage, [
      { value: 1, label: "RoadTax" },
      { value: 4, label: "BenefitInKind" },
    ]);
    expect(events).toEqual([{ endpointId: endpoint.id, eventId: expect.any(String) }]);
    await until(() => hook.events.length === 1);
    expect(hook.events[0]).toMatchObject({
      kind: "notification",
      eventId: events[0]?.eventId,
      viewOptions: 5,
    });
    const status = await service.server.service.storage.webhooks.recentDeliveries(endpoint.id);
    await until(
      async () =>
        (await service.server.service.storage.webhooks.recentDeliveries(endpoint.id))[0]?.status ===
        "delivered",
    );
    expect(status[0]?.eventId).toBe(events[0]?.eventId);
    const logs = service.logs.join("\n");
    expect(logs).toContain('"msg":"webhook attempt"');
    expect(logs).not.toContain(secret);
  });

  it.skipIf(!db.available)(
    "a restart of the sender in the middle of retries resumes from the outbox",
    async () => {
      const slowRetry = { ...fast, retryDelaysMs: [1_500, 6_000] };
      const first = await start(slowRetry);
      const hook = await helperReceiver([500, 204]);
      const sub = await first.subscribe();
      await first.server.service.storage.webhooks.addEndpoint({
        subscriptionId: sub.id,
        url: hook.url,
        secret,
        firstPingInMs: 3_600_000,
      });
      const [event] = await notify(first.server.service.storage, [{ value: 2, label: "YearlyTax" }]);
      await until(() => hook.eventIds.length === 1);
      await first.server.close();
      services.splice(services.indexOf(first), 1);
      // A new process on the same database picks the pending retry up when it is due.
      const second = await start(slowRetry, first.database);
      await until(() => hook.events.length === 1);
      expect(hook.eventIds).toEqual([event?.eventId, event?.eventId]);
      expect(hook.events[0]).toMatchObject({ kind: "notification", eventId: event?.eventId, viewOptions: 2 });
      // A second process (the port may be the same one, reused by the system).
      expect(second.server).not.toBe(first.server);
    },
  );

  it.skipIf(!db.available)(
    "500 three times: failed, a warn line and a counter increment; redeliver delivers it with the same eventId",
    async () => {
      const service = await start(fast);
      const storage = service.server.service.storage;
      const hook = await helperReceiver([500, 500, 500, 204]);
      const sub = await service.subscribe();
      const endpoint = await storage.webhooks.addEndpoint({
        subscriptionId: sub.id,
        url: hook.url,
        secret,
        firstPingInMs: 3_600_000,
      });
      const [event] = await notify(storage, [{ value: 4, label: "BenefitInKind" }]);
      const eventId = event?.eventId as string;
      const delivery = async () =>
        (await storage.webhooks.recentDeliveries(endpoint.id, { kind: "notification" }))[0];
      await until(async () => (await delivery())?.status === "failed");
      expect(await delivery()).toMatchObject({ eventId, attempts: 3, lastStatus: 500 });
      expect(hook.eventIds).toEqual([eventId, eventId, eventId]);
      const warn = service.logs
        .map((l) => JSON.parse(l))
        .find((l) => l.level === 40 && l.msg.startsWith("webhook delivery failed"));
      expect(warn).toMatchObject({ eventId, endpointId: endpoint.id, kind: "notification", status: 500 });
      expect(service.logs.join("\n")).not.toContain(secret);
      expect(service.logs.join("\n")).not.toContain(hook.url);
      const counter = async (outcome: string) => {
        const text = await (await fetch(`${service.server.url}/metrics`)).text();
        const line = text
          .split("\n")
          .find((l) =>
            l.startsWith(`cartax_webhook_deliveries_total{kind="notification",outcome="${outcome}"}`),
          );
        return line ? Number(line.split(" ").pop()) : 0;
      };
      expect(await counter("failed")).toBe(1);
      expect(await counter("delivered")).toBe(0);

      // What `cartax webhook redeliver EVENT_ID` does (apps/cli runs this same call).
      expect(await storage.webhooks.redeliver(eventId)).toEqual({
        eventId,
        endpointId: endpoint.id,
        endpointEnabled: true,
      });
      await until(() => hook.events.length === 1);
      expect(hook.events[0]).toMatchObject({ kind: "notification", eventId, viewOptions: 4 });
      expect(hook.eventIds).toEqual([eventId, eventId, eventId, eventId]);
      await until(async () => (await delivery())?.status === "delivered");
      expect(await counter("delivered")).toBe(1);
      expect(await counter("failed")).toBe(1);
      await expect(storage.webhooks.redeliver(eventId)).rejects.toThrow(/is delivered/);
    },
  );

  it.skipIf(!db.available)(
    "a 410 Gone answer fails the delivery at once and disables the endpoint",
    async () => {
      const service = await start(fast);
      const storage = service.server.service.storage;
      const hook = await helperReceiver([410]);
      const sub = await service.subscribe();
      const endpoint = await storage.webhooks.addEndpoint({
        subscriptionId: sub.id,
        url: hook.url,
        secret,
        firstPingInMs: 3_600_000,
      });
      await notify(storage, [{ value: 1, label: "RoadTax" }]);
      await until(async () => (await storage.webhooks.getEndpoint(endpoint.id))?.enabled === false);
      expect(hook.eventIds).toHaveLength(1);
      expect(await storage.webhooks.recentDeliveries(endpoint.id)).toMatchObject([
        { status: "failed", attempts: 1, lastStatus: 410 },
      ]);
      expect(service.logs.some((l) => l.includes("answered 410 Gone") && l.includes('"level":40'))).toBe(
        true,
      );
    },
  );

  it.skipIf(!db.available)(
    "failed notifications flag an endpoint although its pings succeed (pings do not clear it)",
    async () => {
      const service = await start({ ...fast, pingIntervalMs: 100 });
      const storage = service.server.service.storage;
      const hook = await helperReceiver([400]);
      hook.pingStatus = 204;
      const sub = await service.subscribe();
      const endpoint = await storage.webhooks.addEndpoint({ subscriptionId: sub.id, url: hook.url, secret });
      const pings = () => hook.events.filter((e) => e.kind === "ping").length;
      await until(() => pings() >= 1);
      for (let i = 1; i <= 2; i++) {
        await notify(storage, [{ value: 1, label: "RoadTax" }]);
        await until(
          async () =>
            (await storage.webhooks.recentDeliveries(endpoint.id, { kind: "notification", status: "failed" }))
              .length === i,
        );
      }
      // Threshold 2 (fast): flagged; the pings that keep succeeding do not clear it.
      await until(async () => (await storage.webhooks.getEndpoint(endpoint.id))?.flagged === true);
      const before = pings();
      await until(() => pings() >= before + 2);
      expect(await storage.webhooks.getEndpoint(endpoint.id)).toMatchObject({
        flagged: true,
        consecutiveNotificationFailures: 2,
        consecutivePingFailures: 0,
      });
      expect(
        service.logs.some((l) => l.includes("webhook endpoint flagged") && l.includes('"level":40')),
      ).toBe(true);
    },
  );

  it.skipIf(!db.available)(
    "flags an endpoint whose pings keep failing: warn log, gauge, and a success clears it",
    async () => {
      const pinging = { ...fast, pingIntervalMs: 150 };
      const service = await start(pinging);
      const hook = await helperReceiver([500, 500, 500, 204]);
      const sub = await service.subscribe();
      const endpoint = await service.server.service.storage.webhooks.addEndpoint({
        subscriptionId: sub.id,
        url: hook.url,
        secret,
      });
      await until(
        async () =>
          (await service.server.service.storage.webhooks.getEndpoint(endpoint.id))?.flagged === true,
      );
      expect(
        service.logs.some((l) => l.includes("webhook endpoint flagged") && l.includes('"level":40')),
      ).toBe(true);
      const metrics = await (await fetch(`${service.server.url}/metrics`)).text();
      expect(metrics).toMatch(/cartax_webhook_endpoints_flagged 1/);
      await until(() => hook.events.some((e) => e.kind === "ping"));
      await until(
        async () =>
          (await service.server.service.storage.webhooks.getEndpoint(endpoint.id))?.flagged === false,
      );
    },
  );
});

describe.each(testDatabases().filter((d) => d.dialect === "postgres"))(
  "two senders on one $dialect",
  (db) => {
    it.skipIf(!db.available)(
      "send each attempt once",
      async () => {
        const fresh = await db.create();
        databases.push(fresh);
        const a = await startTestService(db, { database: fresh, webhooks: fast });
        const b = await startTestService(db, { database: fresh, webhooks: fast });
        services.push(a, b);
        const hooks = await Promise.all(Array.from({ length: 20 }, () => helperReceiver([204])));
        const sub = await a.subscribe();
        for (const hook of hooks)
          await a.server.service.storage.webhooks.addEndpoint({
            subscriptionId: sub.id,
            url: hook.url,
            secret,
          });
        const events = [
          ...(await notify(a.server.service.storage, [{ value: 1, label: "RoadTax" }])),
          ...(await notify(b.server.service.storage, [{ value: 8, label: "FiscalDeduction" }])),
        ];
        expect(events).toHaveLength(40);
        await until(() => hooks.every((h) => h.eventIds.length >= 2));
        const attempts = () =>
          a.server.service.storage.db.selectFrom("webhook_attempts").select("delivery_id").execute();
        // Each attempt is recorded after its answer arrives: wait for the records, not a fixed time.
        await until(async () => (await attempts()).length >= 40);
        // Then give a duplicate sender time to show itself.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const received = hooks.flatMap((h) => h.eventIds);
        expect(received.sort()).toEqual(events.map((e) => e.eventId).sort());
        expect(await attempts()).toHaveLength(40);
      },
      60_000,
    );
  },
);
