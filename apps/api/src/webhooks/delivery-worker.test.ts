import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { changeNotification, parseCalculationTypes } from "@cartax/schemas";
import { afterEach, describe, expect, it } from "vitest";
import { attemptDelivery, parseRetryAfter } from "./attempt-delivery";
import { DeliveryWorker } from "./delivery-worker";
import type { ClaimedDelivery, DeliveryNextState, Outbox } from "./outbox";
import { retryDelay } from "./retry-policy";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A real HTTP receiver on 127.0.0.1 answering with the given statuses in turn (last one repeats). */
async function receiver(statuses: (number | "hang")[], extraHeaders: Record<string, string> = {}) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c) => chunks.push(c));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
      if (status === "hang") return; // never answers
      response.writeHead(status, extraHeaders).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}
const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** The smallest outbox: deliveries in memory, due times honoured. */
class MemoryOutbox implements Outbox {
  readonly rows: (ClaimedDelivery & { status: string; due: number; log: string[] })[] = [];
  readonly disabled: string[] = [];
  add(url: string, body: string, secret: string | null, kind: "notification" | "ping" = "notification") {
    const eventId = JSON.parse(body).eventId;
    this.rows.push({
      id: eventId,
      endpointId: "e1",
      kind,
      url,
      secret,
      eventId,
      body,
      attempts: 0,
      status: "pending",
      due: 0,
      log: [],
    });
  }
  async claimDue(now: Date, limit: number) {
    return this.rows
      .filter((r) => r.status === "pending" && r.due <= now.getTime())
      .slice(0, limit)
      .map((r) => {
        r.status = "leased";
        return { ...r };
      });
  }
  async recordAttempt(
    delivery: ClaimedDelivery,
    attempt: { outcome: string; status: number | null },
    next: DeliveryNextState,
    _at: Date,
    options: { disableEndpoint?: boolean },
  ) {
    const row = this.rows.find((r) => r.id === delivery.id);
    if (!row) return undefined;
    if (options.disableEndpoint) this.disabled.push(delivery.endpointId);
    (row as { attempts: number }).attempts += 1;
    row.log.push(`${attempt.outcome}:${attempt.status ?? "-"}`);
    row.status = next.status;
    if (next.status === "pending") row.due = next.nextAttemptAt.getTime();
    return undefined;
  }
}

const fastRetry = { delaysMs: [20, 80], maxDelayMs: 60_000 };
const notification = () =>
  JSON.stringify(changeNotification(randomUUID(), parseCalculationTypes(["RoadTax", "4"]).types));

async function deliverAll(outbox: MemoryOutbox, worker: DeliveryWorker, untilMs = 5000) {
  const end = Date.now() + untilMs;
  while (Date.now() < end && outbox.rows.some((r) => r.status === "pending" || r.status === "leased")) {
    await worker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("webhook delivery to real receivers", () => {
  it("POSTs the exact signed bytes with the spec's headers (checked with an independent HMAC)", async () => {
    const hook = await receiver([204]);
    const body = notification();
    const result = await attemptDelivery({
      url: hook.url,
      eventId: JSON.parse(body).eventId,
      body,
      secret: "s3cret",
    });
    expect(result).toMatchObject({ outcome: "success", status: 204 });
    const [got] = hook.received;
    expect(got?.body.toString("utf8")).toBe(body);
    expect(got?.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(got?.headers["x-service-event-id"]).toBe(JSON.parse(body).eventId);
    const independent = createHmac("sha256", "s3cret")
      .update(got?.body ?? Buffer.alloc(0))
      .digest("hex");
    expect(got?.headers["x-service-signature-256"]).toBe(`sha256=${independent}`);
    expect(JSON.parse(body).updatedCalculations).toEqual([
      { value: 1, label: "RoadTax" },
      { value: 4, label: "BenefitInKind" },
    ]);
  });

  it("sends no signature header without a secret", async () => {
    const hook = await receiver([200]);
    const body = notification();
    await attemptDelivery({ url: hook.url, eventId: "e", body });
    expect(hook.received[0]?.headers["x-service-signature-256"]).toBeUndefined();
  });

  it("retries 500, 429 and 408 and succeeds on the third attempt with the same eventId", async () => {
    for (const failures of [
      [500, 429],
      [408, 503],
      [429, 408],
    ]) {
      const hook = await receiver([...failures, 200]);
      const outbox = new MemoryOutbox();
      outbox.add(hook.url, notification(), "k");
      await deliverAll(outbox, new DeliveryWorker(outbox, { retry: fastRetry, timeoutMs: 2000 }));
      expect(outbox.rows[0]?.status).toBe("delivered");
      expect(outbox.rows[0]?.log).toEqual([
        `transient:${failures[0]}`,
        `transient:${failures[1]}`,
        "success:200",
      ]);
      const ids = new Set(hook.received.map((r) => r.headers["x-service-event-id"]));
      expect(ids.size).toBe(1);
    }
  });

  it("gives up after 3 attempts", async () => {
    const hook = await receiver([500]);
    const outbox = new MemoryOutbox();
    outbox.add(hook.url, notification(), null);
    await deliverAll(outbox, new DeliveryWorker(outbox, { retry: fastRetry }));
    expect(outbox.rows[0]?.status).toBe("failed");
    expect(hook.received).toHaveLength(3);
  });

  it("does not retry a 400 (or any other 4xx but 408/429); 410 Gone also disables the endpoint", async () => {
    for (const status of [400, 401, 404, 410]) {
      const hook = await receiver([status, 200]);
      const outbox = new MemoryOutbox();
      outbox.add(hook.url, notification(), null);
      await deliverAll(outbox, new DeliveryWorker(outbox, { retry: fastRetry }));
      expect(outbox.rows[0]?.status).toBe("failed");
      expect(hook.received).toHaveLength(1);
      expect(outbox.disabled).toEqual(status === 410 ? ["e1"] : []);
    }
  });

  it("makes as many attempts as the configured delays allow (1 + delays, 3 at most)", async () => {
    for (const delaysMs of [[], [10], [10, 10]]) {
      const hook = await receiver([500]);
      const outbox = new MemoryOutbox();
      outbox.add(hook.url, notification(), null);
      await deliverAll(outbox, new DeliveryWorker(outbox, { retry: { delaysMs, maxDelayMs: 1000 } }));
      expect(outbox.rows[0]?.status).toBe("failed");
      expect(hook.received).toHaveLength(delaysMs.length + 1);
    }
  });

  it("times out a receiver that never answers (configured timeout) and retries it", async () => {
    const hook = await receiver(["hang", 200]);
    const outbox = new MemoryOutbox();
    outbox.add(hook.url, notification(), null);
    await deliverAll(outbox, new DeliveryWorker(outbox, { retry: fastRetry, timeoutMs: 300 }));
    expect(outbox.rows[0]?.log[0]).toBe("transient:-");
    expect(outbox.rows[0]?.status).toBe("delivered");
  });

  it("counts an unreachable endpoint as a transient network error", async () => {
    const result = await attemptDelivery({
      url: "http://127.0.0.1:9/hook",
      eventId: "e",
      body: "{}",
      timeoutMs: 2000,
    });
    expect(result.outcome).toBe("transient");
    expect(result.error).toMatch(/network error/);
  });

  it("honours Retry-After when it asks for longer than the backoff", async () => {
    const hook = await receiver([429, 200], { "Retry-After": "1" });
    const outbox = new MemoryOutbox();
    outbox.add(hook.url, notification(), null);
    const worker = new DeliveryWorker(outbox, { retry: fastRetry });
    await worker.runOnce();
    const due = outbox.rows[0]?.due ?? 0;
    expect(due - Date.now()).toBeGreaterThan(800);
    expect(parseRetryAfter("120")).toBe(120_000);
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(55_000);
    expect(parseRetryAfter("soon")).toBeNull();
  });

  it("waits the configured delays (default 10 s then 40 s) with ±20 % jitter", () => {
    const policy = { delaysMs: [10_000, 40_000], maxDelayMs: 3_600_000 };
    expect(retryDelay(policy, 1, null, () => 0)).toBe(8_000);
    expect(retryDelay(policy, 1, null, () => 1)).toBe(12_000);
    expect(retryDelay(policy, 2, null, () => 0.5)).toBe(40_000);
    expect(retryDelay(policy, 1, 90_000, () => 0.5)).toBe(90_000);
    expect(retryDelay({ delaysMs: [500], maxDelayMs: 1000 }, 1, 90_000, () => 0.5)).toBe(1000);
  });

  it("pings get one attempt", async () => {
    const hook = await receiver([500]);
    const outbox = new MemoryOutbox();
    outbox.add(hook.url, JSON.stringify({ event: "ping", ping: true, eventId: randomUUID() }), null, "ping");
    await deliverAll(outbox, new DeliveryWorker(outbox, { retry: fastRetry }));
    expect(outbox.rows[0]?.status).toBe("failed");
    expect(hook.received).toHaveLength(1);
  });
});
