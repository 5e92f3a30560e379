import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toViewOptions } from "./calculation-types";
import { MemoryDedupeStore, receiveWebhook } from "./receiver";

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
