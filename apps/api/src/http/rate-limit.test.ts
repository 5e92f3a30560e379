import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petrolCar } from "../testing/fixtures";
import { call, readJson, startTestService, type TestService } from "../testing/test-service";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until just after the start of the next window of `seconds` (windows are aligned on the epoch). */
async function nextWindow(seconds: number): Promise<void> {
  const period = seconds * 1000;
  await sleep(period - (Date.now() % period) + 50);
}

/**
 * Runs `send` within one window of `seconds`: it starts just after a window begins, and starts
 * again in the next window when a slow machine let the window end before `send` finished (the
 * service's clock is this machine's, so the window seen here is the service's).
 */
async function withinOneWindow<T>(seconds: number, send: () => Promise<T>): Promise<T> {
  const windowOf = () => Math.floor(Date.now() / (seconds * 1000));
  for (let attempt = 1; ; attempt++) {
    await nextWindow(seconds);
    const started = windowOf();
    const result = await send();
    if (windowOf() === started || attempt === 3) return result;
  }
}

const unknownCar = "3fa85f64-5717-4562-b3fc-2c963f66afa6";

describe.each(testDatabases())("rate limits and usage per subscription on $dialect", (db) => {
  let service: TestService;
  beforeAll(async () => {
    if (db.available) service = await startTestService(db);
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  describe.skipIf(!db.available)("", () => {
    it("answers 429 with Retry-After on request N+1 of a window, and 2xx again after it", async () => {
      // A fresh subscription per attempt: an attempt cut by the end of a window leaves counts behind.
      const { key, answers } = await withinOneWindow(4, async () => {
        const attempt = await service.subscribe();
        await service.server.service.storage.subscriptions.setRateLimit(attempt.id, {
          requests: 3,
          windowSeconds: 4,
        });
        const sent: Response[] = [];
        for (let i = 0; i < 4; i++)
          sent.push(await call(`${service.base}/CarDetails`, attempt.primaryKey, { body: petrolCar }));
        return { key: attempt.primaryKey, answers: sent };
      });
      for (const [i, left] of [2, 1, 0].entries()) {
        const ok = answers[i] as Response;
        expect(ok.status).toBe(201);
        expect(ok.headers.get("RateLimit-Policy")).toBe('"subscription";q=3;w=4');
        expect(ok.headers.get("RateLimit")).toMatch(new RegExp(`^"subscription";r=${left};t=[1-4]$`));
      }
      const refused = answers[3] as Response;
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(4);
      expect(refused.headers.get("RateLimit")).toBe(`"subscription";r=0;t=${retryAfter}`);
      expect(refused.headers.get("RateLimit-Policy")).toBe('"subscription";q=3;w=4');
      const problem = await readJson(refused);
      expect(problem).toMatchObject({
        status: 429,
        code: "too_many_requests",
        type: "/problems/too-many-requests",
      });
      expect(problem.instance).toMatch(/^urn:cartax:request:/);

      await sleep(retryAfter * 1000);
      const again = await call(`${service.base}/CarDetails`, key, { body: petrolCar });
      expect(again.status).toBe(201);
      expect(again.headers.get("RateLimit")).toMatch(/^"subscription";r=2;t=[1-4]$/);
    });

    it("puts RateLimit on every answer of a limited subscription (errors too) and none on others", async () => {
      const limited = await service.subscribe();
      await service.server.service.storage.subscriptions.setRateLimit(limited.id, {
        requests: 1000,
        windowSeconds: 3600,
      });
      const missing = await call(`${service.base}/CarDetails/${unknownCar}`, limited.primaryKey);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("RateLimit")).toMatch(/^"subscription";r=999;t=\d+$/);
      const invalid = await call(`${service.base}/CarDetails`, limited.primaryKey, { body: { fuel: 1 } });
      expect(invalid.status).toBe(400);
      expect(invalid.headers.get("RateLimit")).toMatch(/^"subscription";r=998;t=\d+$/);

      const free = await service.subscribe();
      const answer = await call(`${service.base}/CarDetails/${unknownCar}`, free.primaryKey);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("RateLimit")).toBeNull();
      expect(answer.headers.get("RateLimit-Policy")).toBeNull();
      // The limit is read with the subscription on each request: clearing it takes effect at once.
      await service.server.service.storage.subscriptions.setRateLimit(limited.id, null);
      const cleared = await call(`${service.base}/CarDetails/${unknownCar}`, limited.primaryKey);
      expect(cleared.headers.get("RateLimit")).toBeNull();
    });

    it("counts requests per subscription id in /metrics and per endpoint and status for usage", async () => {
      const sub = await service.subscribe();
      await call(`${service.base}/CarDetails`, sub.primaryKey, { body: petrolCar });
      await call(`${service.base}/CarDetails`, sub.primaryKey, { body: petrolCar });
      await call(`${service.base}/CarDetails/${unknownCar}`, sub.primaryKey);
      const metrics = await (await fetch(`${service.server.url}/metrics`)).text();
      expect(metrics).toContain(
        `cartax_subscription_requests_total{subscription_id="${sub.id}",status="201"} 2`,
      );
      expect(metrics).toContain(
        `cartax_subscription_requests_total{subscription_id="${sub.id}",status="404"} 1`,
      );
      expect(metrics).not.toContain(sub.primaryKey);
      const storage = service.server.service.storage;
      await storage.usage.flush();
      expect(await storage.usage.query(sub.id)).toEqual([
        { method: "POST", route: "/v1/CarDetails", status: 201, requests: 2 },
        { method: "GET", route: "/v1/CarDetails/:carDetailId", status: 404, requests: 1 },
      ]);
    });
  });
});

describe.skipIf(!testDatabases().find((d) => d.dialect === "postgres")?.available)(
  "two instances on one PostgreSQL",
  () => {
    const postgres = testDatabases().find((d) => d.dialect === "postgres");
    let first: TestService;
    let second: TestService;
    beforeAll(async () => {
      if (!postgres) return;
      const database = await postgres.create();
      first = await startTestService(postgres, { database });
      second = await startTestService(postgres, { database });
    });
    afterAll(async () => {
      await second?.stop();
      await first?.stop();
      await first?.database.cleanup();
    });

    it("share one limit: N requests per window in all, whichever instance answers", async () => {
      const statuses = await withinOneWindow(10, async () => {
        const sub = await first.subscribe();
        await first.server.service.storage.subscriptions.setRateLimit(sub.id, {
          requests: 5,
          windowSeconds: 10,
        });
        const seen: number[] = [];
        for (let i = 0; i < 8; i++) {
          const instance = i % 2 === 0 ? first : second;
          seen.push((await call(`${instance.base}/CarDetails/${unknownCar}`, sub.primaryKey)).status);
        }
        return seen;
      });
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    });
  },
);
