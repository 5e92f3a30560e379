/**
 * docs/contract.md, Events (delivery headers, change notification body, liveness ping, signature,
 * delivery behaviour); docs/operations.md, Webhooks (operator CLI `webhook add`, `notify`, `webhook status`).
 * A local receiver records every delivery; the service runs with short retry and ping intervals
 * (see the global setup).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cli, runCli, type Subscription } from "./cli.ts";

const SECRET = "blackbox-shared-secret-0123456789";
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Delivery {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: webhook bodies are inspected field by field
  body: any;
  status: number;
}
interface Endpoint {
  id: string;
  signed: boolean;
}
interface NotifyOutput {
  updatedCalculations: { value: number; label: string }[];
  deliveries: number;
  events: { endpointId: string; eventId: string }[];
}

const received: Delivery[] = [];
const seen = new Map<string, number>();
let server: http.Server;
let receiverOrigin: string;
const endpoints: Record<string, Endpoint> = {};
let hookSub: Subscription;
let inactiveSub: Subscription;
const dataDir = () => inject("dataDir");

/** How each receiver path answers a notification (pings always get 200, except where noted). */
function answer(path: string, body: { ping?: boolean; eventId?: string }): number {
  const key = `${path}:${body.eventId}`;
  const n = (seen.get(key) ?? 0) + 1;
  seen.set(key, n);
  if (path === "/reject") return 400;
  if (path === "/redirect") return 302;
  if (body.ping) return 200;
  if (path === "/flaky") return n === 1 ? 500 : 200;
  if (path === "/busy") return n === 1 ? 429 : 200;
  if (path === "/timeout408") return n === 1 ? 408 : 200;
  if (path === "/down") return 503;
  return 200;
}

const waitFor = async <T>(probe: () => T | undefined, ms = 10_000): Promise<T> => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("timed out waiting for a delivery");
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const notifications = (path: string, eventId?: string) =>
  received.filter((d) => d.path === path && !d.body?.ping && (!eventId || d.body?.eventId === eventId));
const pings = (path: string) => received.filter((d) => d.path === path && d.body?.ping === true);
const expectedSignature = (raw: Buffer) => `sha256=${createHmac("sha256", SECRET).update(raw).digest("hex")}`;
const verify = (d: Delivery) => {
  const header = String(d.headers["x-service-signature-256"] ?? "");
  const want = Buffer.from(expectedSignature(d.raw));
  const got = Buffer.from(header);
  return got.length === want.length && timingSafeEqual(got, want);
};

async function addEndpoint(name: string, sub: Subscription, signed: boolean) {
  const args = ["webhook", "add", "--subscription", sub.id, "--url", `${receiverOrigin}/${name}`];
  if (signed) args.push("--secret", SECRET);
  const ep = await cli<Endpoint & { url: string; enabled: boolean; secret?: string }>(dataDir(), args);
  expect(ep.url).toBe(`${receiverOrigin}/${name}`);
  expect(ep.signed).toBe(signed);
  expect(ep.enabled).toBe(true);
  endpoints[name] = ep;
}

async function notify(calculations: string): Promise<NotifyOutput> {
  return cli<NotifyOutput>(dataDir(), ["notify", "--calculations", calculations]);
}
const eventFor = (out: NotifyOutput, name: string) => {
  const event = out.events.find((e) => e.endpointId === endpoints[name]?.id);
  expect(event, `no event for ${name}`).toBeTruthy();
  return event?.eventId as string;
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
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
      const path = (req.url ?? "").split("?")[0] as string;
      const status = answer(path, (body ?? {}) as { ping?: boolean; eventId?: string });
      received.push({ path, method: req.method ?? "", headers: req.headers, raw, body, status });
      const reply = () => {
        res.writeHead(status, status === 302 ? { Location: `${receiverOrigin}/signed` } : {});
        res.end();
      };
      // /slow holds its first notification past the service's timeout (CARTAX_WEBHOOK_TIMEOUT_MS=1000).
      const first = received.filter(
        (d) => d.path === path && d.body?.eventId === (body as { eventId?: string })?.eventId,
      );
      if (path === "/slow" && !(body as { ping?: boolean })?.ping && first.length === 1)
        setTimeout(reply, 2500);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  [hookSub, inactiveSub] = await Promise.all([
    cli<Subscription>(dataDir(), ["subscription", "create", "--name", "hooks", "--calculation-access"]),
    cli<Subscription>(dataDir(), ["subscription", "create", "--name", "hooks-off", "--inactive"]),
  ]);
  await Promise.all([
    ...(
      [
        ["signed", true],
        ["unsigned", false],
        ["flaky", true],
        ["busy", false],
        ["timeout408", false],
        ["slow", false],
        ["down", false],
        ["reject", false],
        ["redirect", false],
        ["disabled", true],
      ] as const
    ).map(([name, signed]) => addEndpoint(name, hookSub, signed)),
    addEndpoint("inactive", inactiveSub, true),
  ]);
  await cli(dataDir(), ["webhook", "disable", endpoints.disabled?.id as string]);
});

afterAll(async () => {
  // Stop deliveries to the receiver before it closes.
  await Promise.all(Object.values(endpoints).map((e) => runCli(dataDir(), ["webhook", "disable", e.id])));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("change notification (spec Events › Delivery, Change notification body, Signature)", () => {
  let out: NotifyOutput;
  beforeAll(async () => {
    out = await notify("RoadTax,BenefitInKind");
  });

  it("notify reports the updated calculations and one delivery per enabled endpoint of an active subscription", () => {
    expect(out.updatedCalculations).toEqual([
      { value: 1, label: "RoadTax" },
      { value: 4, label: "BenefitInKind" },
    ]);
    const ids = out.events.map((e) => e.endpointId);
    for (const name of [
      "signed",
      "unsigned",
      "flaky",
      "busy",
      "timeout408",
      "slow",
      "down",
      "reject",
      "redirect",
    ]) {
      expect(ids, name).toContain(endpoints[name]?.id);
    }
    expect(ids).not.toContain(endpoints.disabled?.id);
    expect(ids).not.toContain(endpoints.inactive?.id);
  });

  it("each subscriber gets its own GUID eventId", () => {
    const ids = out.events.map((e) => e.eventId);
    for (const id of ids) expect(id).toMatch(GUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a POST with Content-Type application/json; charset=utf-8 and X-Service-Event-Id = body eventId", async () => {
    const eventId = eventFor(out, "signed");
    const d = await waitFor(() => notifications("/signed", eventId)[0]);
    expect(d.method).toBe("POST");
    expect(d.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(d.headers["x-service-event-id"]).toBe(eventId);
    expect(d.body.eventId).toBe(eventId);
  });

  it("the body lists only the updated calculation types, as {value, label} equal to ViewOptions", async () => {
    const d = await waitFor(() => notifications("/signed", eventFor(out, "signed"))[0]);
    const entries = [...d.body.updatedCalculations].sort((a, b) => a.value - b.value);
    expect(entries).toEqual([
      { value: 1, label: "RoadTax" },
      { value: 4, label: "BenefitInKind" },
    ]);
    expect(d.body.ping).not.toBe(true);
    // The values OR into a viewOptions bitmask for Calculate.
    expect(entries.reduce((mask: number, e: { value: number }) => mask | e.value, 0)).toBe(5);
  });

  it("signed: X-Service-Signature-256 is sha256= + lowercase hex HMAC-SHA256 of the raw body with the secret", async () => {
    const d = await waitFor(() => notifications("/signed", eventFor(out, "signed"))[0]);
    const header = String(d.headers["x-service-signature-256"] ?? "");
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verify(d)).toBe(true);
    // A receiver re-serialising the body would not necessarily match: the HMAC is over the bytes sent.
    expect(header).toBe(expectedSignature(d.raw));
  });

  it("unsigned endpoint (no secret): no signature header", async () => {
    const d = await waitFor(() => notifications("/unsigned", eventFor(out, "unsigned"))[0]);
    expect(d.headers["x-service-signature-256"]).toBeUndefined();
    expect(d.headers["x-service-event-id"]).toBe(eventFor(out, "unsigned"));
  });

  it("HTTP 500 is retried with the same eventId, then succeeds", async () => {
    const eventId = eventFor(out, "flaky");
    const attempts = await waitFor(() => {
      const list = notifications("/flaky", eventId);
      return list.length >= 2 ? list : undefined;
    });
    expect(attempts.map((a) => a.status).slice(0, 2)).toEqual([500, 200]);
    for (const a of attempts) {
      expect(a.body.eventId).toBe(eventId);
      expect(a.headers["x-service-event-id"]).toBe(eventId);
      expect(verify(a)).toBe(true);
    }
    await sleep(1000);
    expect(notifications("/flaky", eventId)).toHaveLength(2);
  });

  it("HTTP 429 is retried", async () => {
    const eventId = eventFor(out, "busy");
    const attempts = await waitFor(() => {
      const list = notifications("/busy", eventId);
      return list.length >= 2 ? list : undefined;
    });
    expect(attempts.map((a) => a.status).slice(0, 2)).toEqual([429, 200]);
  });

  it("HTTP 408 is retried", async () => {
    const eventId = eventFor(out, "timeout408");
    const attempts = await waitFor(() => {
      const list = notifications("/timeout408", eventId);
      return list.length >= 2 ? list : undefined;
    });
    expect(attempts.map((a) => a.status).slice(0, 2)).toEqual([408, 200]);
  });

  it("a receiver slower than the timeout is retried with the same eventId", async () => {
    const eventId = eventFor(out, "slow");
    const attempts = await waitFor(() => {
      const list = notifications("/slow", eventId);
      return list.length >= 2 ? list : undefined;
    }, 15_000);
    expect(new Set(attempts.map((a) => a.headers["x-service-event-id"]))).toEqual(new Set([eventId]));
  });

  it("a persistent 5xx is attempted 3 times at most", async () => {
    const eventId = eventFor(out, "down");
    await waitFor(() => (notifications("/down", eventId).length >= 3 ? true : undefined), 15_000);
    await sleep(1500);
    const attempts = notifications("/down", eventId);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.body.eventId))).toEqual(new Set([eventId]));
  });

  it("any other 4xx (400) or a redirect is not retried", async () => {
    const rejectId = eventFor(out, "reject");
    const redirectId = eventFor(out, "redirect");
    await waitFor(() => notifications("/reject", rejectId)[0]);
    await waitFor(() => notifications("/redirect", redirectId)[0]);
    await sleep(1500);
    expect(notifications("/reject", rejectId)).toHaveLength(1);
    expect(notifications("/redirect", redirectId)).toHaveLength(1);
    // A redirect is not followed.
    expect(notifications("/signed", redirectId)).toHaveLength(0);
  });

  it("disabled endpoints and endpoints of inactive subscriptions receive nothing", async () => {
    await sleep(500);
    expect(notifications("/disabled")).toHaveLength(0);
    expect(notifications("/inactive")).toHaveLength(0);
  });

  // This suite pings every endpoint each second (CARTAX_PING_INTERVAL_MS=1000): `webhook status` lists
  // notifications apart from pings, so the pings cannot push the notification out of view.
  it("webhook status shows the attempts (README)", async () => {
    await waitFor(() => (notifications("/flaky", eventFor(out, "flaky")).length >= 2 ? true : undefined));
    type Status = {
      id: string;
      deliveries: { eventId: string; status: string; attempts: number; lastStatus: number | null }[];
    };
    // The attempt is recorded after the receiver's answer: read the status until it shows the
    // delivery settled (a fixed 300 ms was sometimes too short on a busy machine).
    let delivery: Status["deliveries"][number] | undefined;
    for (let tries = 0; tries < 20; tries++) {
      const status = await cli<Status | Status[]>(dataDir(), [
        "webhook",
        "status",
        endpoints.flaky?.id as string,
      ]);
      const flaky = (Array.isArray(status) ? status : [status]).find((s) => s.id === endpoints.flaky?.id);
      delivery = flaky?.deliveries.find((d) => d.eventId === eventFor(out, "flaky"));
      if (delivery?.status === "delivered") break;
      await sleep(250);
    }
    expect(delivery).toMatchObject({ status: "delivered", attempts: 2, lastStatus: 200 });
  }, 60_000);
});

describe("notify by value (spec: value equals the ViewOptions value; README names or values)", () => {
  it("values 2 and 32 are labelled YearlyTax and CO2Contribution", async () => {
    const out = await notify("2,32");
    expect(out.updatedCalculations).toEqual([
      { value: 2, label: "YearlyTax" },
      { value: 32, label: "CO2Contribution" },
    ]);
    const eventId = eventFor(out, "signed");
    const d = await waitFor(() => notifications("/signed", eventId)[0]);
    expect([...d.body.updatedCalculations].sort((a, b) => a.value - b.value)).toEqual(
      out.updatedCalculations,
    );
    expect(verify(d)).toBe(true);
  });

  it("an unknown calculation name is refused (exit code 2) and nothing is sent", async () => {
    const before = received.length;
    const res = await runCli(dataDir(), ["notify", "--calculations", "RoadTax,TollTax"]);
    expect(res.code).toBe(2);
    expect(res.stdout.trim()).toBe("");
    await sleep(500);
    // (deliveries of earlier notifications may still arrive; none may carry a new event)
    const fresh = received
      .slice(before)
      .filter((d) => !d.body?.ping && d.status === 200 && d.path === "/signed");
    expect(fresh).toHaveLength(0);
  });
});

describe("liveness ping (spec Events › Liveness ping)", () => {
  it("a signed POST with event 'ping', ping true, a GUID eventId and no updatedCalculations", async () => {
    const ping = await waitFor(() => pings("/signed")[0], 10_000);
    expect(ping.method).toBe("POST");
    expect(ping.body.event).toBe("ping");
    expect(ping.body.ping).toBe(true);
    expect(ping.body.eventId).toMatch(GUID);
    expect(ping.body.updatedCalculations).toBeUndefined();
    expect(ping.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(ping.headers["x-service-event-id"]).toBe(ping.body.eventId);
    expect(verify(ping)).toBe(true);
  });

  it("unsigned endpoints get unsigned pings", async () => {
    const ping = await waitFor(() => pings("/unsigned")[0], 10_000);
    expect(ping.headers["x-service-signature-256"]).toBeUndefined();
  });

  it("each ping has its own eventId", async () => {
    await waitFor(() => (pings("/signed").length >= 2 ? true : undefined), 10_000);
    const ids = pings("/signed").map((p) => p.body.eventId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("repeated ping failures are flagged to the operator (spec Liveness ping; README)", () => {
  it("an endpoint answering 400 to pings is flagged in webhook list and in /metrics", async () => {
    const deadline = Date.now() + 15_000;
    let flagged = false;
    while (!flagged && Date.now() < deadline) {
      const res = await runCli(dataDir(), ["webhook", "list"]);
      const list = JSON.parse(res.stdout) as { id: string; flagged: boolean }[];
      flagged = list.find((e) => e.id === endpoints.reject?.id)?.flagged === true;
      if (!flagged) await sleep(500);
    }
    expect(flagged).toBe(true);
    const list = JSON.parse((await runCli(dataDir(), ["webhook", "list"])).stdout) as {
      id: string;
      flagged: boolean;
    }[];
    expect(list.find((e) => e.id === endpoints.signed?.id)?.flagged).toBe(false);
    const metrics = await (await fetch(`${inject("origin")}/metrics`)).text();
    const gauge = metrics.match(/^cartax_webhook_endpoints_flagged(?:\{[^}]*\})? (\d+)/m);
    expect(Number(gauge?.[1] ?? 0)).toBeGreaterThanOrEqual(1);
  });
});

describe("the operator's webhook list never shows a secret (README)", () => {
  it("webhook list", async () => {
    const res = await runCli(dataDir(), ["webhook", "list"]);
    expect(res.code).toBe(0);
    expect(res.stdout).not.toContain(SECRET);
    const list = JSON.parse(res.stdout) as { id: string; signed: boolean }[];
    expect(list.find((e) => e.id === endpoints.signed?.id)?.signed).toBe(true);
  });
});
