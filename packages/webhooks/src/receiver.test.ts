import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toViewOptions } from "./calculation-types";
import { MemoryDedupeStore } from "./dedupe-store";
import { receiveWebhook } from "./receiver";

const secret = "whsec-test";
const sign = (body: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const body = JSON.stringify({
  eventId: "0b6f8a9e-1c2d-4e3f-9a0b-1c2d3e4f5a6b",
  updatedCalculations: [
    { value: 2, label: "YearlyTax" },
    { value: 64, label: "SomethingNew" },
    { value: 32, label: "CO2Contribution" },
  ],
  futureField: { nested: true },
});

describe("receiveWebhook", () => {
  it("reads a signed notification, ignoring unknown fields and types, into a viewOptions bitmask", async () => {
    const event = await receiveWebhook(body, { "x-service-signature-256": sign(body) }, { secret });
    expect(event).toMatchObject({
      kind: "notification",
      eventId: "0b6f8a9e-1c2d-4e3f-9a0b-1c2d3e4f5a6b",
      viewOptions: 2 | 32,
    });
  });

  it("rejects a missing or wrong signature and a tampered body", async () => {
    expect((await receiveWebhook(body, {}, { secret })).kind).toBe("rejected");
    expect(
      (await receiveWebhook(body, { "x-service-signature-256": sign(`${body} `) }, { secret })).kind,
    ).toBe("rejected");
    const tampered = body.replace('"value":2', '"value":1');
    expect((await receiveWebhook(tampered, { "x-service-signature-256": sign(body) }, { secret })).kind).toBe(
      "rejected",
    );
    expect(
      (
        await receiveWebhook(body, new Headers({ "X-Service-Signature-256": sign(body) }), {
          secret: "other",
        })
      ).kind,
    ).toBe("rejected");
  });

  it("detects pings by ping: true or by missing updatedCalculations", async () => {
    const ping = JSON.stringify({ event: "ping", ping: true, eventId: "p1" });
    expect(await receiveWebhook(ping, { "X-Service-Signature-256": sign(ping) }, { secret })).toEqual({
      kind: "ping",
      eventId: "p1",
    });
    const bare = JSON.stringify({ eventId: "p2" });
    expect(
      (await receiveWebhook(bare, new Headers({ "X-Service-Signature-256": sign(bare) }), { secret })).kind,
    ).toBe("ping");
  });

  it("drops an eventId once committed, and only then", async () => {
    const dedupe = new MemoryDedupeStore();
    const headers = { "x-service-signature-256": sign(body) };
    const first = await receiveWebhook(body, headers, { secret, dedupe });
    // Not committed yet (the caller has not processed it): a retry is still a notification.
    expect((await receiveWebhook(body, headers, { secret, dedupe })).kind).toBe("notification");
    if (first.kind !== "notification") throw new Error(first.kind);
    await first.commit();
    expect((await receiveWebhook(body, headers, { secret, dedupe })).kind).toBe("duplicate");
  });

  it("with a handler: a failed handler commits nothing, so the retry is handled again", async () => {
    const dedupe = new MemoryDedupeStore();
    const headers = { "x-service-signature-256": sign(body) };
    const handled: number[] = [];
    let fail = true;
    const handler = (event: { viewOptions: number }) => {
      if (fail) throw new Error("database down");
      handled.push(event.viewOptions);
    };
    const failed = await receiveWebhook(body, headers, { secret, dedupe, handler });
    expect(failed).toMatchObject({ kind: "failed", eventId: "0b6f8a9e-1c2d-4e3f-9a0b-1c2d3e4f5a6b" });
    fail = false;
    expect((await receiveWebhook(body, headers, { secret, dedupe, handler })).kind).toBe("notification");
    expect((await receiveWebhook(body, headers, { secret, dedupe, handler })).kind).toBe("duplicate");
    expect(handled).toEqual([2 | 32]);
  });

  it("does not record pings in the dedupe store", async () => {
    const dedupe = new MemoryDedupeStore();
    const ping = JSON.stringify({ event: "ping", ping: true, eventId: "p1" });
    const headers = { "x-service-signature-256": sign(ping) };
    expect((await receiveWebhook(ping, headers, { secret, dedupe })).kind).toBe("ping");
    expect(dedupe.seen("p1")).toBe(false);
  });

  describe("with the Standard Webhooks headers", () => {
    const nowSeconds = 1_765_000_000;
    const now = () => nowSeconds * 1000;
    const eventId = "0b6f8a9e-1c2d-4e3f-9a0b-1c2d3e4f5a6b";
    // The HMAC key is the secret's UTF-8 bytes here ("whsec-test" is not a whsec_<base64> secret).
    const standard = (raw: string, timestamp: number, id = eventId) => ({
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": `v1,${createHmac("sha256", secret).update(`${id}.${timestamp}.${raw}`).digest("base64")}`,
    });

    it("accepts a fresh delivery, and refuses the same bytes replayed after the window", async () => {
      const captured = standard(body, nowSeconds);
      expect(await receiveWebhook(body, captured, { secret, now })).toMatchObject({
        kind: "notification",
        eventId,
        viewOptions: 2 | 32,
      });
      const later = () => (nowSeconds + 301) * 1000;
      expect(await receiveWebhook(body, captured, { secret, now: later })).toEqual({
        kind: "rejected",
        reason: "timestamp-outside-tolerance",
      });
      // A shorter window, as an option.
      const soon = () => (nowSeconds + 31) * 1000;
      expect((await receiveWebhook(body, captured, { secret, now: soon, toleranceSeconds: 30 })).kind).toBe(
        "rejected",
      );
    });

    it("drops a replay inside the window once committed, without running the handler again", async () => {
      const dedupe = new MemoryDedupeStore();
      let handled = 0;
      const handler = () => {
        handled += 1;
      };
      const headers = standard(body, nowSeconds);
      expect((await receiveWebhook(body, headers, { secret, now, dedupe, handler })).kind).toBe(
        "notification",
      );
      expect((await receiveWebhook(body, headers, { secret, now, dedupe, handler })).kind).toBe("duplicate");
      expect(handled).toBe(1);
    });

    it("refuses a tampered body or timestamp, and an id other than the body's eventId", async () => {
      const headers = standard(body, nowSeconds);
      const tampered = body.replace('"value":2', '"value":1');
      expect((await receiveWebhook(tampered, headers, { secret, now })).kind).toBe("rejected");
      expect(
        (
          await receiveWebhook(
            body,
            { ...headers, "webhook-timestamp": String(nowSeconds + 5) },
            { secret, now },
          )
        ).kind,
      ).toBe("rejected");
      expect(await receiveWebhook(body, standard(body, nowSeconds, "other-id"), { secret, now })).toEqual({
        kind: "rejected",
        reason: "webhook-id differs from the body's eventId",
      });
    });

    it("does not fall back to the body-only signature once any of the three headers is present", async () => {
      const legacy = { "x-service-signature-256": sign(body) };
      const { "webhook-signature": _, ...partial } = standard(body, nowSeconds);
      expect(await receiveWebhook(body, { ...legacy, ...partial }, { secret, now })).toEqual({
        kind: "rejected",
        reason: "missing-headers",
      });
      expect((await receiveWebhook(body, legacy, { secret, now })).kind).toBe("notification");
      expect(await receiveWebhook(body, legacy, { secret, now, requireTimestampedSignature: true })).toEqual({
        kind: "rejected",
        reason: "missing-headers",
      });
    });
  });

  it("bitmask: OR of the known values, whatever else is in the list", () => {
    fc.assert(
      fc.property(
        fc.subarray([1, 2, 4, 8, 16, 32]),
        fc.array(fc.integer({ min: 64, max: 1 << 20 })),
        (known, unknown) => {
          const entries = [
            ...known.map((v) => ({ value: v, label: "" })),
            ...unknown.map((v) => ({ value: v, label: "X" })),
          ];
          expect(toViewOptions(entries)).toBe(known.reduce((a, b) => a | b, 0));
        },
      ),
    );
  });
});
