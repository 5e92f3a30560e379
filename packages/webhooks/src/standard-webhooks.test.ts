import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MemoryDedupeStore } from "./dedupe-store";
import {
  signStandardWebhook,
  standardWebhookKey,
  toStandardWebhooksSecret,
  verifyStandardWebhook,
} from "./standard-webhooks";

/**
 * The Standard Webhooks project's published vector: the reference JavaScript library's test "sign
 * function works" (github.com/standard-webhooks/standard-webhooks,
 * libraries/javascript/src/webhook.test.ts). The specification text itself (spec/standard-webhooks.md,
 * 1.0.0) gives example headers but no secret to check them with.
 */
const vector = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

/** Computed here with node:crypto, independently of the module under test. */
const keyBytes = randomBytes(32);
const secret = `whsec_${keyBytes.toString("base64")}`;
const independent = (key: Uint8Array | string, id: string, timestamp: number | string, body: string) =>
  `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;

const eventId = "0b6f8a9e-1c2d-4e3f-9a0b-1c2d3e4f5a6b";
const body = JSON.stringify({ eventId, updatedCalculations: [{ value: 4, label: "BenefitInKind" }] });
const nowSeconds = 1_765_000_000;
const now = () => nowSeconds * 1000;
const headersAt = (timestamp: number, signature = independent(keyBytes, eventId, timestamp, body)) => ({
  "webhook-id": eventId,
  "webhook-timestamp": String(timestamp),
  "webhook-signature": signature,
});

describe("Standard Webhooks signature", () => {
  it("reproduces the Standard Webhooks project's published vector", () => {
    expect(signStandardWebhook(vector.secret, vector.id, vector.timestamp, vector.payload)).toBe(
      vector.signature,
    );
  });

  it("accepts the published vector at its own time, and refuses it now: a replay years later", async () => {
    const headers = {
      "webhook-id": vector.id,
      "webhook-timestamp": String(vector.timestamp),
      "webhook-signature": vector.signature,
    };
    const atTheTime = () => (vector.timestamp + 10) * 1000;
    expect(
      await verifyStandardWebhook(vector.payload, headers, { secret: vector.secret, now: atTheTime }),
    ).toEqual({ valid: true, id: vector.id, timestamp: vector.timestamp });
    expect(await verifyStandardWebhook(vector.payload, headers, { secret: vector.secret })).toEqual({
      valid: false,
      reason: "timestamp-outside-tolerance",
    });
  });

  it("accepts a fresh delivery signed with the decoded key of a whsec_ secret", async () => {
    expect(await verifyStandardWebhook(body, headersAt(nowSeconds - 2), { secret, now })).toEqual({
      valid: true,
      id: eventId,
      timestamp: nowSeconds - 2,
    });
    // Headers as Fetch gives them, in any case.
    const fetched = new Headers({
      "Webhook-Id": eventId,
      "Webhook-Timestamp": String(nowSeconds),
      "Webhook-Signature": independent(keyBytes, eventId, nowSeconds, body),
    });
    expect((await verifyStandardWebhook(Buffer.from(body), fetched, { secret, now })).valid).toBe(true);
  });

  it("refuses a tampered body, timestamp or id, and another secret", async () => {
    const headers = headersAt(nowSeconds);
    const check = (raw: string, h: Record<string, string>, s = secret) =>
      verifyStandardWebhook(raw, h, { secret: s, now });
    expect(await check(body.replace('"value":4', '"value":1'), headers)).toEqual({
      valid: false,
      reason: "invalid-signature",
    });
    expect(await check(`${body} `, headers)).toMatchObject({ reason: "invalid-signature" });
    // A replayer moving the timestamp into the window breaks the signature.
    expect(await check(body, { ...headers, "webhook-timestamp": String(nowSeconds + 1) })).toMatchObject({
      reason: "invalid-signature",
    });
    expect(await check(body, { ...headers, "webhook-id": "another-id" })).toMatchObject({
      reason: "invalid-signature",
    });
    expect(await check(body, headers, `whsec_${randomBytes(32).toString("base64")}`)).toMatchObject({
      reason: "invalid-signature",
    });
    expect(
      await check(body, { ...headers, "webhook-signature": headers["webhook-signature"].toLowerCase() }),
    ).toMatchObject({ reason: "invalid-signature" });
  });

  it("refuses a replay: a timestamp outside the window (either way), and a seen id with the dedupe store", async () => {
    const verify = (timestamp: number, options: { toleranceSeconds?: number } = {}) =>
      verifyStandardWebhook(body, headersAt(timestamp), { secret, now, ...options });
    expect((await verify(nowSeconds - 300)).valid).toBe(true);
    expect(await verify(nowSeconds - 301)).toEqual({ valid: false, reason: "timestamp-outside-tolerance" });
    expect(await verify(nowSeconds + 301)).toEqual({ valid: false, reason: "timestamp-outside-tolerance" });
    expect((await verify(nowSeconds - 60, { toleranceSeconds: 60 })).valid).toBe(true);
    expect(await verify(nowSeconds - 61, { toleranceSeconds: 60 })).toMatchObject({
      reason: "timestamp-outside-tolerance",
    });

    const dedupe = new MemoryDedupeStore();
    const fresh = headersAt(nowSeconds);
    expect((await verifyStandardWebhook(body, fresh, { secret, now, dedupe })).valid).toBe(true);
    dedupe.commit(eventId);
    expect(await verifyStandardWebhook(body, fresh, { secret, now, dedupe })).toEqual({
      valid: false,
      reason: "replayed",
    });
    // A forgery is refused for its signature before the store is asked.
    expect(await verifyStandardWebhook(`${body} `, fresh, { secret, now, dedupe })).toMatchObject({
      reason: "invalid-signature",
    });
  });

  it("accepts when one of several space-separated signatures matches, and only then", async () => {
    const valid = independent(keyBytes, eventId, nowSeconds, body);
    const other = independent(randomBytes(32), eventId, nowSeconds, body);
    const several = `${other} v1a,aGVsbG8= v2,${valid.slice(3)} ${valid}`;
    expect((await verifyStandardWebhook(body, headersAt(nowSeconds, several), { secret, now })).valid).toBe(
      true,
    );
    const none = `${other} v2,${valid.slice(3)} ${valid.slice(0, -2)}`;
    expect(await verifyStandardWebhook(body, headersAt(nowSeconds, none), { secret, now })).toMatchObject({
      reason: "invalid-signature",
    });
    expect(await verifyStandardWebhook(body, headersAt(nowSeconds, "v1,"), { secret, now })).toMatchObject({
      reason: "invalid-signature",
    });
  });

  it("refuses missing headers, a timestamp that is not integer seconds, and an id with a dot", async () => {
    const { "webhook-signature": _s, ...noSignature } = headersAt(nowSeconds);
    const { "webhook-id": _i, ...noId } = headersAt(nowSeconds);
    const { "webhook-timestamp": _t, ...noTimestamp } = headersAt(nowSeconds);
    for (const headers of [noSignature, noId, noTimestamp, {}]) {
      expect(await verifyStandardWebhook(body, headers, { secret, now })).toEqual({
        valid: false,
        reason: "missing-headers",
      });
    }
    for (const timestamp of [`${nowSeconds}.0`, "abc", "", `-${nowSeconds}`, `${nowSeconds * 1000}0000`]) {
      expect(
        await verifyStandardWebhook(
          body,
          { ...headersAt(nowSeconds), "webhook-timestamp": timestamp },
          { secret, now },
        ),
      ).toMatchObject({ reason: "invalid-timestamp" });
    }
    expect(
      await verifyStandardWebhook(body, { ...headersAt(nowSeconds), "webhook-id": "a.b" }, { secret, now }),
    ).toMatchObject({ reason: "invalid-id" });
  });
});

describe("the key of a secret", () => {
  it("decodes a whsec_ secret of 24 to 64 bytes in either base64 alphabet, with or without padding", () => {
    const url = `whsec_${keyBytes.toString("base64url")}`;
    expect(standardWebhookKey(secret)).toEqual(keyBytes);
    expect(standardWebhookKey(url)).toEqual(keyBytes);
    expect(standardWebhookKey(secret.replace(/=+$/, ""))).toEqual(keyBytes);
    expect(signStandardWebhook(url, eventId, nowSeconds, body)).toBe(
      independent(keyBytes, eventId, nowSeconds, body),
    );
    // What another Standard Webhooks library is given: the standard, padded form of the same bytes.
    expect(toStandardWebhooksSecret(url)).toBe(`whsec_${keyBytes.toString("base64")}`);
  });

  it("uses any other secret as its UTF-8 bytes (an agreed passphrase; a whsec_ too short or not base64)", () => {
    for (const passphrase of [
      "an agreed shared secret",
      "whsec_test_0123456789abcdef",
      `whsec_${randomBytes(16).toString("base64")}`,
      `whsec_${randomBytes(65).toString("base64")}`,
      "whsec_not base64 at all, één",
    ]) {
      expect(signStandardWebhook(passphrase, eventId, nowSeconds, body)).toBe(
        independent(Buffer.from(passphrase, "utf8"), eventId, nowSeconds, body),
      );
    }
    expect(toStandardWebhooksSecret("an agreed shared secret")).toBe(
      `whsec_${Buffer.from("an agreed shared secret").toString("base64")}`,
    );
  });

  it("refuses to sign with an empty secret or an id with a dot, and never shows the secret", () => {
    expect(() => standardWebhookKey("")).toThrow(TypeError);
    let message = "";
    try {
      signStandardWebhook(secret, "a.b", nowSeconds, body);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/without '\.'/);
    expect(message).not.toContain(secret.slice(6, 20));
  });
});
