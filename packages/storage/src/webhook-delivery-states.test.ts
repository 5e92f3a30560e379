import { describe, expect, it } from "vitest";
import { afterAttempt, enqueued, requeueRefusal } from "./webhook-delivery-states";

// The rules of docs/contract.md, Events ("Delivery" table): 3 attempts in all on network errors,
// timeouts, 5xx, 408 and 429; any other answer is not retried, 410 Gone also disables the endpoint;
// the operator can send a failed notification again, with the same eventId.
const schedule = { notificationAttempts: 3, retryAt: (attempt: number) => new Date(attempt * 1000) };
const notification = (attempts: number) => ({ kind: "notification" as const, attempts });
const transient = { outcome: "transient" as const, status: 503 };

describe("the states of a webhook delivery", () => {
  it("a notification is tried 3 times on transient failures, then fails", () => {
    expect(afterAttempt(notification(0), transient, schedule)).toEqual({
      next: { status: "pending", nextAttemptAt: new Date(1000) },
      gone: false,
    });
    expect(afterAttempt(notification(1), transient, schedule).next).toEqual({
      status: "pending",
      nextAttemptAt: new Date(2000),
    });
    expect(afterAttempt(notification(2), transient, schedule).next).toEqual({ status: "failed" });
  });

  it("a 2xx delivers; a permanent answer fails at once; 410 fails and says gone", () => {
    expect(afterAttempt(notification(2), { outcome: "success", status: 204 }, schedule).next).toEqual({
      status: "delivered",
    });
    expect(afterAttempt(notification(0), { outcome: "permanent", status: 400 }, schedule).next).toEqual({
      status: "failed",
    });
    expect(afterAttempt(notification(0), { outcome: "permanent", status: 410 }, schedule)).toEqual({
      next: { status: "failed" },
      gone: true,
    });
  });

  it("a ping gets one attempt (the next ping follows)", () => {
    expect(afterAttempt({ kind: "ping", attempts: 0 }, transient, schedule).next).toEqual({
      status: "failed",
    });
  });

  it("only a failed notification is enqueued again, pending with its attempts counted afresh", () => {
    expect(requeueRefusal("e1", { kind: "notification", status: "failed" })).toBeUndefined();
    expect(requeueRefusal("e1", { kind: "notification", status: "delivered" })).toBe(
      "delivery e1 is delivered: only failed deliveries are redelivered",
    );
    expect(requeueRefusal("p1", { kind: "ping", status: "failed" })).toBe(
      "p1 is a ping: pings are not redelivered",
    );
    expect(enqueued(new Date(5))).toEqual({ status: "pending", attempts: 0, nextAttemptAt: new Date(5) });
  });
});
