import { renderPng } from "@cartax/qr";
import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceJobs } from "../jobs/service-jobs";
import { calculationRequest, petrolCar } from "../testing/fixtures";
import { call, readJson, startTestService, type TestService } from "../testing/test-service";

/*
 * Idempotency keys of POST operations (docs/contract.md, "Idempotency keys"), over HTTP on a real
 * port, on both databases.
 */

const car = { name: "Idempotent", ...petrolCar };
let keys = 0;
/** A key no other test of the run uses. */
const newKey = () => `test-${Date.now()}-${++keys}`;

describe.each(testDatabases())("Idempotency-Key on $dialect", (db) => {
  let service: TestService;
  beforeAll(async () => {
    if (db.available) service = await startTestService(db);
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  const storage = () => service.server.service.storage;
  const countRows = async (table: "car_details" | "calculation_records", column: string, value: string) => {
    const row = await storage()
      .db.selectFrom(table)
      // biome-ignore lint/suspicious/noExplicitAny: two tables, one owner column each
      .where(column as any, "=", value)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const keyRows = async (subscriptionId: string) =>
    storage()
      .db.selectFrom("idempotency_keys")
      .select(["idempotency_key", "expires_at"])
      .where("subscription_id", "=", subscriptionId)
      .execute();

  describe.skipIf(!db.available)("", () => {
    it("a retried POST /v1/CarDetails creates one car; the retry gets the first answer byte for byte, marked replayed", async () => {
      const sub = await service.subscribe({ calculationAccess: false });
      const key = newKey();
      const first = await call(`${service.base}/CarDetails`, sub.primaryKey, {
        body: car,
        headers: { "Idempotency-Key": key },
      });
      const firstBody = await first.text();
      // The retry takes the answer compressed: the kept body is the one before content coding.
      const retry = await call(`${service.base}/CarDetails`, sub.primaryKey, {
        body: car,
        headers: { "Idempotency-Key": key, "Accept-Encoding": "gzip" },
      });
      expect(first.status).toBe(201);
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      expect(retry.status).toBe(201);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(await retry.text()).toBe(firstBody);
      for (const header of ["location", "content-type", "cartax-price-basis"])
        expect(retry.headers.get(header)).toBe(first.headers.get(header));
      expect(retry.headers.get("location")).toMatch(
        /^https:\/\/api\.cartax\.test\/v1\/CarDetails\/[0-9a-f-]{36}$/,
      );
      expect(retry.headers.get("cache-control")).toBe("no-store");
      // A replay is a request of its own: its own request id.
      expect(retry.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
      expect(await countRows("car_details", "owner_id", sub.ownerId)).toBe(1);
    });

    it("the subscription key is not part of the request: a retry with its other key, in the query or the header, is a replay", async () => {
      const sub = await service.subscribe({ calculationAccess: false });
      const key = newKey();
      const first = await call(`${service.base}/CarDetails?priceBasis=excl-vat`, sub.primaryKey, {
        body: car,
        headers: { "Idempotency-Key": key },
      });
      expect(first.status).toBe(201);
      // The other key of the subscription, in the query (after the other parameters).
      const other = await call(`${service.base}/CarDetails?priceBasis=excl-vat`, sub.secondaryKey, {
        body: car,
        headers: { "Idempotency-Key": key },
      });
      // The key in the header instead of the query.
      const inHeader = await call(`${service.base}/CarDetails?priceBasis=excl-vat`, undefined, {
        body: car,
        headers: { "Idempotency-Key": key, "Ocp-Apim-Subscription-Key": sub.primaryKey },
      });
      for (const retry of [other, inHeader]) {
        expect(retry.status).toBe(201);
        expect(retry.headers.get("idempotent-replayed")).toBe("true");
        expect(retry.headers.get("location")).toBe(first.headers.get("location"));
      }
      // Another query is another request, whatever the key.
      const otherQuery = await call(`${service.base}/CarDetails?priceBasis=incl-vat`, sub.secondaryKey, {
        body: car,
        headers: { "Idempotency-Key": key },
      });
      expect(otherQuery.status).toBe(422);
      expect(await countRows("car_details", "owner_id", sub.ownerId)).toBe(1);
    });

    it("a retried Calculate keeps one audit record and is counted once (usage), and a replay passes a used-up rate limit", async () => {
      const sub = await service.subscribe();
      await storage().subscriptions.setRateLimit(sub.id, { requests: 1, windowSeconds: 3600 });
      const key = newKey();
      const send = () =>
        call(`${service.base}/Calculate`, sub.primaryKey, {
          body: calculationRequest,
          headers: { "Idempotency-Key": key },
        });
      const first = await send();
      const firstBody = await first.text();
      const retries = [await send(), await send()];
      expect(first.status).toBe(200);
      expect(first.headers.get("ratelimit")).toMatch(/^"subscription";r=0;/);
      for (const retry of retries) {
        expect(retry.status).toBe(200);
        expect(retry.headers.get("idempotent-replayed")).toBe("true");
        expect(await retry.text()).toBe(firstBody);
      }
      expect(await countRows("calculation_records", "subscription_id", sub.id)).toBe(1);
      // The limit of 1 was used by the first request only: a new request is the second.
      const fresh = await call(`${service.base}/Calculate`, sub.primaryKey, { body: calculationRequest });
      expect(fresh.status).toBe(429);
      await storage().usage.flush();
      expect(await storage().usage.query(sub.id)).toEqual(
        expect.arrayContaining([
          { method: "POST", route: "/v1/Calculate", status: 200, requests: 1 },
          { method: "POST", route: "/v1/Calculate", status: 429, requests: 1 },
        ]),
      );
      expect(await storage().usage.query(sub.id)).toHaveLength(2);
    });

    it("of requests sent at once with one key, exactly one runs; the others are 409 or its replay", async () => {
      const sub = await service.subscribe({ calculationAccess: false });
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          call(`${service.base}/CarDetails`, sub.primaryKey, {
            body: car,
            headers: { "Idempotency-Key": key },
          }),
        ),
      );
      const ran = answers.filter((a) => a.status === 201 && a.headers.get("idempotent-replayed") === null);
      expect(ran).toHaveLength(1);
      for (const answer of answers) {
        expect([201, 409]).toContain(answer.status);
        if (answer.status === 409) expect(answer.headers.get("retry-after")).toBe("1");
      }
      expect(await countRows("car_details", "owner_id", sub.ownerId)).toBe(1);
    });

    it("the same key with another body is a 422 problem naming the header; nothing is created", async () => {
      const sub = await service.subscribe({ calculationAccess: false });
      const key = newKey();
      const first = await call(`${service.base}/CarDetails`, sub.primaryKey, {
        body: car,
        headers: { "Idempotency-Key": key },
      });
      expect(first.status).toBe(201);
      const other = await call(`${service.base}/CarDetails`, sub.primaryKey, {
        body: { ...car, name: "Another" },
        headers: { "Idempotency-Key": key },
      });
      expect(other.status).toBe(422);
      expect(other.headers.get("content-type")).toBe("application/problem+json");
      expect(other.headers.get("idempotent-replayed")).toBeNull();
      const problem = await readJson(other);
      expect(problem).toMatchObject({
        type: "/problems/idempotency-key-reused",
        status: 422,
        code: "idempotency_key_reused",
      });
      expect(problem.errors).toEqual([expect.objectContaining({ field: "Idempotency-Key", rule: "reused" })]);
      // Another query is another request too.
      const otherQuery = await call(`${service.base}/CarDetails?priceBasis=incl-vat`, sub.primaryKey, {
        body: car,
        headers: { "Idempotency-Key": key },
      });
      expect(otherQuery.status).toBe(422);
      expect(await countRows("car_details", "owner_id", sub.ownerId)).toBe(1);
    });

    it("another subscription with the same key runs anew", async () => {
      const a = await service.subscribe({ calculationAccess: false });
      const b = await service.subscribe({ calculationAccess: false });
      const key = newKey();
      const [first, second] = await Promise.all(
        [a, b].map((sub) =>
          call(`${service.base}/CarDetails`, sub.primaryKey, {
            body: car,
            headers: { "Idempotency-Key": key },
          }),
        ),
      );
      expect(first?.status).toBe(201);
      expect(second?.status).toBe(201);
      expect(second?.headers.get("idempotent-replayed")).toBeNull();
      expect(second?.headers.get("location")).not.toBe(first?.headers.get("location"));
      expect(await countRows("car_details", "owner_id", b.ownerId)).toBe(1);
    });

    it.each([
      ["", "min"],
      ["x".repeat(256), "max"],
      ["two words", "format"],
      ["tab\there", "format"],
    ])("refuses the key %j with a 400 naming the header (rule %s); nothing is created", async (key, rule) => {
      const sub = await service.subscribe({ calculationAccess: false });
      const response = await call(`${service.base}/CarDetails`, sub.primaryKey, {
        body: car,
        headers: { "Idempotency-Key": key },
      });
      expect(response.status).toBe(400);
      const problem = await readJson(response);
      expect(problem).toMatchObject({ code: "validation_error", status: 400 });
      expect(problem.errors).toEqual([expect.objectContaining({ field: "Idempotency-Key", rule })]);
      expect(await countRows("car_details", "owner_id", sub.ownerId)).toBe(0);
    });

    it("takes 255 visible ASCII characters", async () => {
      const sub = await service.subscribe({ calculationAccess: false });
      const visible = Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)).join("");
      const key = (visible + visible + visible).slice(0, 255);
      const response = await call(`${service.base}/CarDetails`, sub.primaryKey, {
        body: car,
        headers: { "Idempotency-Key": key },
      });
      expect(response.status).toBe(201);
    });

    it("the batch refuses the header with a 400 naming it (rule notSupported)", async () => {
      const sub = await service.subscribe();
      const target = new URL(`${service.base}/Calculate/batch`);
      target.searchParams.set("subscription-key", sub.primaryKey);
      const response = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/x-ndjson", "Idempotency-Key": newKey() },
        body: `${JSON.stringify(calculationRequest)}\n`,
      });
      expect(response.status).toBe(400);
      expect((await readJson(response)).errors).toEqual([
        expect.objectContaining({ field: "Idempotency-Key", rule: "notSupported" }),
      ]);
      expect(await countRows("calculation_records", "subscription_id", sub.id)).toBe(0);
    });

    it("a request without the header keeps nothing", async () => {
      const sub = await service.subscribe({ calculationAccess: false });
      expect((await call(`${service.base}/CarDetails`, sub.primaryKey, { body: car })).status).toBe(201);
      expect(await keyRows(sub.id)).toEqual([]);
    });

    it("an expired key runs anew, and the sweep job deletes expired keys", async () => {
      const sub = await service.subscribe({ calculationAccess: false });
      const key = newKey();
      const send = () =>
        call(`${service.base}/CarDetails`, sub.primaryKey, {
          body: car,
          headers: { "Idempotency-Key": key },
        });
      const first = await send();
      const [row] = await keyRows(sub.id);
      // Kept 24 hours by default (give or take the test's own time).
      const keptMs = Date.parse(row?.expires_at ?? "") - Date.now();
      expect(keptMs).toBeGreaterThan(24 * 3_600_000 - 60_000);
      expect(keptMs).toBeLessThanOrEqual(24 * 3_600_000);
      await storage()
        .db.updateTable("idempotency_keys")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("subscription_id", "=", sub.id)
        .execute();
      const again = await send();
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBeNull();
      expect(again.headers.get("location")).not.toBe(first.headers.get("location"));
      expect(await countRows("car_details", "owner_id", sub.ownerId)).toBe(2);
      // Expire the new answer too, then run the service's sweep job.
      await storage()
        .db.updateTable("idempotency_keys")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("subscription_id", "=", sub.id)
        .execute();
      const live = await service.subscribe({ calculationAccess: false });
      await call(`${service.base}/CarDetails`, live.primaryKey, {
        body: car,
        headers: { "Idempotency-Key": key },
      });
      const sweep = serviceJobs(storage()).find((job) => job.name === "idempotency-key-sweep");
      await sweep?.run();
      expect(await keyRows(sub.id)).toEqual([]);
      expect(await keyRows(live.id)).toHaveLength(1);
    });
  });
});

describe.each(testDatabases())("Idempotency-Key while the first request runs, on $dialect", (db) => {
  it.skipIf(!db.available)(
    "a retry while the first runs is a 409 with Retry-After; a 5xx frees the key; the answer is then replayed",
    async () => {
      // Renders wait until released, so that the first request is surely still running.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const service = await startTestService(db, {
        qrRenders: { concurrency: 1, queueLimit: 0, waitBudgetMs: 120_000 },
        qrRender: async (svg) => {
          await released;
          return renderPng(svg);
        },
      });
      try {
        const sub = await service.subscribe();
        const { id } = await readJson(
          await call(`${service.base}/CarDetails`, sub.primaryKey, { body: car }),
        );
        const post = (caption: string, key: string) =>
          call(`${service.base}/Qr`, sub.primaryKey, {
            body: { carDetailId: id, captionLine1: caption },
            headers: { "Idempotency-Key": key },
          });
        const key = newKey();
        const running = post("First", key);
        // Wait until the first request holds its claim (its render is held).
        for (let i = 0; i < 400; i++) {
          const rows = await service.server.service.storage.db
            .selectFrom("idempotency_keys")
            .select("status")
            .where("subscription_id", "=", sub.id)
            .execute();
          const text = await (await fetch(`${service.server.url}/metrics`)).text();
          if (rows.length === 1 && text.includes("cartax_qr_renders_running 1")) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        const busy = await post("First", key);
        expect(busy.status).toBe(409);
        expect(busy.headers.get("retry-after")).toBe("1");
        const problem = await readJson(busy);
        expect(problem).toMatchObject({
          type: "/problems/idempotency-key-in-use",
          status: 409,
          code: "idempotency_key_in_use",
        });
        expect(problem.errors).toEqual([expect.objectContaining({ field: "Idempotency-Key" })]);
        // The render slot is taken and no request may wait: another key's request is a 503, which
        // is not kept.
        const otherKey = newKey();
        const refused = await post("Second", otherKey);
        expect(refused.status).toBe(503);
        release();
        const first = await running;
        expect(first.status).toBe(201);
        const retried = await post("First", key);
        expect(retried.status).toBe(201);
        expect(retried.headers.get("idempotent-replayed")).toBe("true");
        expect(retried.headers.get("location")).toBe(first.headers.get("location"));
        expect(retried.headers.get("cartax-qr-size")).toBe(first.headers.get("cartax-qr-size"));
        // The 503's key was freed: its retry runs and renders now.
        const second = await post("Second", otherKey);
        expect(second.status).toBe(201);
        expect(second.headers.get("idempotent-replayed")).toBeNull();
      } finally {
        release();
        await service.stop();
      }
    },
  );
});
