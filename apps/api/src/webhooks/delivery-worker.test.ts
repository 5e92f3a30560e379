import { createHmac, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { changeNotification, parseCalculationTypes } from "@cartax/schemas";
import { MemoryDedupeStore, verifyStandardWebhook } from "@cartax/webhooks";
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

  it("adds the Standard Webhooks headers: the eventId, this attempt's seconds, and v1 over both and the body", async () => {
    const hook = await receiver([204]);
    const body = notification();
    const eventId = JSON.parse(body).eventId;
    // A generated secret (whsec_ and base64 of 32 bytes): the HMAC key is the decoded bytes.
    const key = randomBytes(32);
    const secret = `whsec_${key.toString("base64url")}`;
    const before = Math.floor(Date.now() / 1000);
    await attemptDelivery({ url: hook.url, eventId, body, secret });
    const after = Math.floor(Date.now() / 1000);
    const headers = hook.received[0]?.headers ?? {};
    expect(headers["webhook-id"]).toBe(eventId);
    const timestamp = Number(headers["webhook-timestamp"]);
    expect(String(headers["webhook-timestamp"])).toMatch(/^\d+$/);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(after);
    const independent = createHmac("sha256", key)
      .update(
        Buffer.concat([Buffer.from(`${eventId}.${timestamp}.`), hook.received[0]?.body ?? Buffer.alloc(0)]),
      )
      .digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${independent}`);
    // The contract's own signature is unchanged beside it.
    expect(headers["x-service-signature-256"]).toBe(
      `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
    );
  });

  it("signs each attempt with its own timestamp; the package's verifier refuses a captured one replayed later", async () => {
    const hook = await receiver([503, 204]);
    const body = notification();
    const eventId = JSON.parse(body).eventId;
    const secret = "an agreed shared secret";
    const t0 = 1_765_000_000_000;
    await attemptDelivery({ url: hook.url, eventId, body, secret, now: () => t0 });
    await attemptDelivery({ url: hook.url, eventId, body, secret, now: () => t0 + 40_000 });
    const [first, retry] = hook.received.map((r) => r.headers);
    expect(first?.["webhook-id"]).toBe(eventId);
    expect(retry?.["webhook-id"]).toBe(eventId);
    expect([first?.["webhook-timestamp"], retry?.["webhook-timestamp"]]).toEqual([
      String(t0 / 1000),
      String(t0 / 1000 + 40),
    ]);
    const captured = hook.received[1];
    if (!captured) throw new Error("no second attempt");
    const verify = (now: number) =>
      verifyStandardWebhook(captured.body, captured.headers, { secret, now: () => now });
    expect(await verify(t0 + 41_000)).toMatchObject({ valid: true, id: eventId });
    expect(await verify(t0 + 40_000 + 301_000)).toEqual({
      valid: false,
      reason: "timestamp-outside-tolerance",
    });
    const dedupe = new MemoryDedupeStore();
    dedupe.commit(eventId);
    expect(
      await verifyStandardWebhook(captured.body, captured.headers, {
        secret,
        now: () => t0 + 41_000,
        dedupe,
      }),
    ).toEqual({ valid: false, reason: "replayed" });
  });

  it("sends no signature header without a secret", async () => {
    const hook = await receiver([200]);
    const body = notification();
    await attemptDelivery({ url: hook.url, eventId: "e", body });
    expect(hook.received[0]?.headers["x-service-signature-256"]).toBeUndefined();
    expect(hook.received[0]?.headers["webhook-signature"]).toBeUndefined();
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
