/**
 * Spec "Events" (Delivery, Change notification body, Liveness ping, Signature, Delivery behaviour);
 * docs/operations.md "Webhooks" (operator CLI). The service runs with CARTAX_PING_INTERVAL_MS=1000 and
 * CARTAX_WEBHOOK_RETRY_DELAYS_MS=200,800 (global setup) so pings and retries happen within seconds.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { bb, cli, UUID_RE } from "./helpers";

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: webhook bodies are untyped JSON
  body: any;
  at: number;
}

interface Receiver {
  url: string;
  received: Received[];
  notifications: () => Received[];
  pings: () => Received[];
  close: () => Promise<void>;
  /** Status answered to pings (200 unless changed). */
  pingStatus: number;
}

/** A local webhook receiver; `answer(n)` gives the status for the n-th request (0-based). */
async function receiver(answer: (n: number, body: Received) => number = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const self = { pingStatus: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        body = undefined;
      }
      const entry = { headers: req.headers, raw, body, at: Date.now() };
      const isPing = (body as { ping?: boolean } | undefined)?.ping === true;
      const index = received.filter((r) => (r.body?.ping === true) === isPing).length;
      received.push(entry);
      res.statusCode = isPing ? self.pingStatus : answer(index, entry);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(self, {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    notifications: () => received.filter((r) => r.body?.ping !== true),
    pings: () => received.filter((r) => r.body?.ping === true),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a webhook delivery");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

async function register(r: Receiver, subscriptionId: string, secret?: string): Promise<string> {
  const args = ["webhook", "add", "--subscription", subscriptionId, "--url", r.url];
  if (secret) args.push("--secret", secret);
  const endpoint = (await cli(args)) as { id: string; signed: boolean };
  expect(endpoint.signed).toBe(Boolean(secret));
  cleanup.push(async () => {
    await cli(["webhook", "remove", endpoint.id]);
    await r.close();
  });
  return endpoint.id;
}

function expectSigned(delivery: Received, secret: string): void {
  const expected = `sha256=${createHmac("sha256", secret).update(delivery.raw).digest("hex")}`;
  expect(delivery.headers["x-service-signature-256"]).toBe(expected);
}

describe("webhook change notifications", () => {
  it("a signed notification: headers, HMAC over the raw body, eventId in header and body, value/label pairs", async () => {
    const secret = "blackbox shared secret";
    const r = await receiver();
    await register(r, bb.main.id, secret);
    await cli(["notify", "--calculations", "RoadTax,BenefitInKind"]);
    await until(() => r.notifications().length >= 1);
    const [delivery] = r.notifications();
    if (!delivery) throw new Error("no delivery");
    expect(delivery.headers["content-type"]).toBe("application/json; charset=utf-8");
    expectSigned(delivery, secret);
    expect(delivery.body.eventId).toMatch(UUID_RE);
    expect(delivery.headers["x-service-event-id"]).toBe(delivery.body.eventId);
    const pairs = (delivery.body.updatedCalculations as Array<{ value: number; label: string }>)
      .map((e) => ({ value: e.value, label: e.label }))
      .sort((a, b) => a.value - b.value);
    expect(pairs).toEqual([
      { value: 1, label: "RoadTax" },
      { value: 4, label: "BenefitInKind" },
    ]);
  });

  it("notify by values; each subscriber gets its own eventId; an endpoint without a secret is not signed", async () => {
    const a = await receiver();
    const b = await receiver();
    await register(a, bb.main.id);
    await register(b, bb.other.id, "other subscriber secret");
    await cli(["notify", "--calculations", "2,32"]);
    await until(() => a.notifications().length >= 1 && b.notifications().length >= 1);
    const da = a.notifications()[0] as Received;
    const db = b.notifications()[0] as Received;
    expect(da.headers["x-service-signature-256"]).toBeUndefined();
    expectSigned(db, "other subscriber secret");
    expect(da.body.eventId).not.toBe(db.body.eventId);
    for (const d of [da, db]) {
      const labels = (d.body.updatedCalculations as Array<{ value: number; label: string }>)
        .map((e) => `${e.value}:${e.label}`)
        .sort();
      expect(labels).toEqual(["2:YearlyTax", "32:CO2Contribution"]);
    }
  });

  it("a 503 answer is retried with the same eventId (spec: retries on 5xx, eventId stable across retries)", async () => {
    const r = await receiver((n) => (n === 0 ? 503 : 200));
    await register(r, bb.main.id, "retry endpoint secret");
    await cli(["notify", "--calculations", "FiscalDeduction"]);
    await until(() => r.notifications().length >= 2, 20_000);
    const [first, second] = r.notifications() as [Received, Received];
    expect(second.body.eventId).toBe(first.body.eventId);
    expect(second.headers["x-service-event-id"]).toBe(first.body.eventId);
    expectSigned(second, "retry endpoint secret");
  });

  it("a 400 answer is a permanent failure: not retried", async () => {
    const r = await receiver(() => 400);
    await register(r, bb.main.id);
    await cli(["notify", "--calculations", "RejectedExpenses"]);
    await until(() => r.notifications().length >= 1);
    // Retry base is 200 ms in this run: a retry would arrive well within 3 s.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(r.notifications()).toHaveLength(1);
  });
});

describe("webhook delivery limits", () => {
  it("a receiver that keeps answering 500 gets exactly 3 attempts, all with the same eventId", async () => {
    const r = await receiver(() => 500);
    await register(r, bb.main.id);
    await cli(["notify", "--calculations", "CO2Contribution"]);
    await until(() => r.notifications().length >= 3, 20_000);
    // Retry base is 200 ms in this run (about 200 ms then 800 ms): a 4th attempt would come within 3 s.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const attempts = r.notifications();
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.body.eventId)).size).toBe(1);
  });

  it("429 and 408 are transient: retried", async () => {
    for (const status of [429, 408]) {
      const r = await receiver((n) => (n === 0 ? status : 200));
      await register(r, bb.main.id);
      await cli(["notify", "--calculations", "YearlyTax"]);
      await until(() => r.notifications().length >= 2, 20_000);
      const [first, second] = r.notifications() as [Received, Received];
      expect(second.body.eventId).toBe(first.body.eventId);
    }
    // Two statuses, each with two operator-CLI runs (about 10 s each on a loaded 2-core machine).
  }, 90_000);

  it("a disabled endpoint, or one of an inactive subscription, receives no notification", async () => {
    const off = await receiver();
    const on = await receiver();
    const offId = await register(off, bb.main.id);
    await register(on, bb.main.id);
    await cli(["webhook", "disable", offId]);
    // README: notify writes one delivery per enabled endpoint of an *active* subscription.
    const ofInactive = await receiver();
    await register(ofInactive, bb.inactive.id);
    await cli(["notify", "--calculations", "RoadTax"]);
    await until(() => on.notifications().length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(off.notifications()).toHaveLength(0);
    expect(ofInactive.notifications()).toHaveLength(0);
  });
});

describe("failed deliveries: visible and recoverable (README: Webhooks, recovery)", () => {
  it("500 three times: failed in webhook status and counted in /metrics; redeliver sends the same eventId", async () => {
    const r = await receiver((n) => (n < 3 ? 500 : 200));
    const endpointId = await register(r, bb.main.id, "redelivery endpoint secret");
    const failedCount = async () => {
      const text = await (await fetch(`${bb.origin}/metrics`)).text();
      const line = text
        .split("\n")
        .find((l) => l.startsWith('cartax_webhook_deliveries_total{kind="notification",outcome="failed"}'));
      return line ? Number(line.split(" ").pop()) : 0;
    };
    const before = await failedCount();
    await cli(["notify", "--calculations", "BenefitInKind"]);
    await until(() => r.notifications().length >= 3, 20_000);
    const eventId = r.notifications()[0]?.body.eventId as string;
    type Status = { failed: { eventId: string; attempts: number; lastStatus: number }[] };
    const deadline = Date.now() + 20_000;
    let status = (await cli(["webhook", "status", endpointId])) as Status;
    while (!status.failed.some((d) => d.eventId === eventId)) {
      if (Date.now() > deadline) throw new Error("the delivery never showed as failed");
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await cli(["webhook", "status", endpointId])) as Status;
    }
    expect(status.failed.find((d) => d.eventId === eventId)).toMatchObject({ attempts: 3, lastStatus: 500 });
    expect(await failedCount()).toBe(before + 1);

    expect(await cli(["webhook", "redeliver", eventId])).toMatchObject({
      eventId,
      endpointId,
      status: "pending",
    });
    await until(() => r.notifications().length >= 4, 20_000);
    const again = r.notifications()[3] as Received;
    expect(again.body.eventId).toBe(eventId);
    expect(again.headers["x-service-event-id"]).toBe(eventId);
    expectSigned(again, "redelivery endpoint secret");
  });
});

describe("webhook liveness pings", () => {
  it("pings are signed POSTs {event:'ping', ping:true, eventId} without updatedCalculations", async () => {
    const secret = "liveness ping secret";
    const r = await receiver();
    await register(r, bb.main.id, secret);
    await until(() => r.pings().length >= 1, 20_000);
    const ping = r.pings()[0] as Received;
    expect(ping.body.event).toBe("ping");
    expect(ping.body.ping).toBe(true);
    expect(ping.body.eventId).toMatch(UUID_RE);
    expect(ping.body.updatedCalculations).toBeUndefined();
    expect(ping.headers["x-service-event-id"]).toBe(ping.body.eventId);
    expect(ping.headers["content-type"]).toBe("application/json; charset=utf-8");
    expectSigned(ping, secret);
  });

  it("repeated ping failures flag the endpoint (README: after 3 consecutive failures, flagged in webhook list)", async () => {
    const failing = await receiver();
    failing.pingStatus = 500;
    const failingId = await register(failing, bb.main.id);
    const flagged = async () => {
      const list = (await cli(["webhook", "list"])) as Array<{ id: string; flagged?: boolean }>;
      return list.find((e) => e.id === failingId)?.flagged === true;
    };
    const deadline = Date.now() + 20_000;
    while (!(await flagged())) {
      if (Date.now() > deadline) throw new Error("endpoint never flagged");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(failing.pings().length).toBeGreaterThanOrEqual(3);
  });
});
