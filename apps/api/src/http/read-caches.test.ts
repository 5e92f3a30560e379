import { performance } from "node:perf_hooks";
import { CHANGE_FEED_TIMING } from "@cartax/storage";
import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petrolCar } from "../testing/fixtures";
import { call, readJson, startTestService, type TestService } from "../testing/test-service";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `send` until `isNew` holds, from just after a change was acknowledged: fails if a request
 * sent more than `windowMs` after it still got the old answer, or if any later request (for 200 ms,
 * and until the window has passed) gets it again.
 */
async function seenWithin(
  windowMs: number,
  send: () => Promise<Response>,
  isNew: (r: Response) => Promise<boolean>,
) {
  const acknowledged = performance.now();
  for (;;) {
    const sent = performance.now();
    if (await isNew(await send())) break;
    if (sent - acknowledged >= windowMs)
      throw new Error(
        `a request sent ${(sent - acknowledged).toFixed(1)} ms after the change got the old answer`,
      );
    await sleep(2);
  }
  // Past the window too: once seen, the old value never comes back.
  const end = Math.max(performance.now() + 200, acknowledged + windowMs + 100);
  while (performance.now() < end) expect(await isNew(await send())).toBe(true);
}

/** Two instances of the service on one database (as behind a load balancer). */
describe.each(testDatabases())("the read caches of two instances on one $dialect database", (db) => {
  // SQLite: data_version, exact from the next request (window 0); PostgreSQL: the change feed's window.
  const windowMs = db.dialect === "sqlite" ? 0 : CHANGE_FEED_TIMING.windowMs;
  let a: TestService;
  let b: TestService;
  beforeAll(async () => {
    if (!db.available) return;
    const database = await db.create();
    a = await startTestService(db, { database });
    b = await startTestService(db, { database });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await a?.database.cleanup();
  });

  /** B has served `send` once and its caches are trusted (/metrics), then serves it again. */
  const warm = async (send: () => Promise<Response>) => {
    expect((await send()).status).toBe(200);
    const deadline = performance.now() + 15_000;
    for (;;) {
      const metrics = await (await fetch(`${b.server.url}/metrics`)).text();
      if (/^cartax_read_caches_trusted 1$/m.test(metrics)) break;
      if (performance.now() > deadline) throw new Error("B's read caches never became trusted");
      await sleep(10);
    }
    expect((await send()).status).toBe(200);
  };

  describe.skipIf(!db.available)("", () => {
    it("a subscription deactivated through A gets 401 from B within the window, and never 200 after", async () => {
      const sub = await a.subscribe();
      const created = await call(`${a.base}/CarDetails`, sub.primaryKey, { body: petrolCar });
      const { id } = await readJson(created);
      const read = () => call(`${b.base}/CarDetails/${id}`, sub.primaryKey);
      await warm(read);
      await a.server.service.storage.subscriptions.update(sub.id, { active: false });
      await seenWithin(windowMs, read, async (r) => {
        if (r.status !== 401) return false;
        expect((await readJson(r)).detail).toBe("the subscription is not active");
        return true;
      });
    });

    it("a car changed through A: B's GetTaxMatrix answers for the new car within the window", async () => {
      const sub = await a.subscribe();
      const { id } = await readJson(await call(`${a.base}/CarDetails`, sub.primaryKey, { body: petrolCar }));
      const matrix = (service: TestService) =>
        call(`${service.base}/GetTaxMatrix?id=${id}&registrationDate=2025-03-01`, sub.primaryKey);
      await warm(() => matrix(b));
      const before = await (await matrix(b)).text();
      // 110 → 150 kW: more fiscal horsepower, a higher registration and road tax.
      const put = await call(`${a.base}/CarDetails/${id}`, sub.primaryKey, {
        method: "PUT",
        body: { ...petrolCar, kilowatt: 150 },
      });
      expect(put.status).toBe(200);
      const after = await (await matrix(a)).text();
      expect(after).not.toBe(before);
      await seenWithin(
        windowMs,
        () => matrix(b),
        async (r) => (await r.text()) === after,
      );
    });
  });
});
