import { createHash, randomUUID } from "node:crypto";
import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petrolCar } from "../../testing/fixtures";
import { call, readJson, startTestService, type TestService } from "../../testing/test-service";

const car = { name: "Compact", ...petrolCar };
/** docs/contract.md, Conditional requests: the tag is the SHA-256 of the bytes, base64url, quoted. */
const tagOf = (text: string) => `"${createHash("sha256").update(text).digest("base64url")}"`;
const identity = { "Accept-Encoding": "identity" };

describe.each(testDatabases())("Conditional requests on CarDetails, $dialect", (db) => {
  let service: TestService;
  let key: string;
  let otherKey: string;
  const url = (id: string) => `${service.base}/CarDetails/${id}`;
  const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
    call(url(id), key, { method: "PUT", body, headers: { ...identity, ...headers } });
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    key = (await service.subscribe({ calculationAccess: false })).primaryKey;
    otherKey = (await service.subscribe({ calculationAccess: false })).primaryKey;
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  describe.skipIf(!db.available)("", () => {
    it("GET gives a strong ETag of the body's bytes; If-None-Match naming it answers 304 without a body", async () => {
      const created = await call(`${service.base}/CarDetails`, key, { body: car, headers: identity });
      const createdText = await created.text();
      const id = JSON.parse(createdText).id;
      expect(created.headers.get("etag")).toBe(tagOf(createdText));
      const read = await call(url(id), key, { headers: identity });
      const text = await read.text();
      const etag = read.headers.get("etag");
      expect(etag).toBe(tagOf(text));
      expect(etag).toBe(created.headers.get("etag"));
      for (const ifNoneMatch of [etag as string, `"other", ${etag}`, `W/${etag}`, "*"]) {
        const again = await call(url(id), key, { headers: { ...identity, "If-None-Match": ifNoneMatch } });
        expect(again.status, ifNoneMatch).toBe(304);
        expect(again.headers.get("etag")).toBe(etag);
        expect(await again.text()).toBe("");
      }
      const changed = await call(url(id), key, { headers: { ...identity, "If-None-Match": '"other"' } });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toBe(text);
    });

    it("a malformed If-None-Match or If-Match is a 400 naming the header", async () => {
      const id = (await readJson(await call(`${service.base}/CarDetails`, key, { body: car }))).id;
      const get = await call(url(id), key, { headers: { "If-None-Match": "abc" } });
      expect(get.status).toBe(400);
      expect((await readJson(get)).errors).toEqual([
        expect.objectContaining({ field: "If-None-Match", rule: "format" }),
      ]);
      const write = await put(id, car, { "If-Match": "no-quotes" });
      expect(write.status).toBe(400);
      expect((await readJson(write)).errors).toEqual([
        expect.objectContaining({ field: "If-Match", rule: "format" }),
      ]);
    });

    it("PUT with the current ETag writes (200, the new ETag); with a stale one 412 and nothing written", async () => {
      const id = randomUUID();
      const first = await put(id, car);
      const firstTag = first.headers.get("etag") as string;
      const second = await put(id, { ...car, catalogPrice: 41000 }, { "If-Match": firstTag });
      expect(second.status).toBe(200);
      const secondText = await second.text();
      expect(second.headers.get("etag")).toBe(tagOf(secondText));
      expect(second.headers.get("etag")).not.toBe(firstTag);
      const stale = await put(id, { ...car, catalogPrice: 1 }, { "If-Match": firstTag });
      expect(stale.status).toBe(412);
      expect(stale.headers.get("content-type")).toBe("application/problem+json");
      const problem = await readJson(stale);
      expect(problem).toMatchObject({
        status: 412,
        code: "precondition_failed",
        type: "/problems/precondition-failed",
      });
      expect(problem.detail).toMatch(/^If-Match/);
      expect(await (await call(url(id), key, { headers: identity })).text()).toBe(secondText);
      // A weak tag never passes If-Match (strong comparison, RFC 9110 §13.1.1).
      const weak = await put(id, car, { "If-Match": `W/${second.headers.get("etag")}` });
      expect(weak.status).toBe(412);
    });

    it("two writers holding the same ETag: exactly one writes, the other gets 412", async () => {
      const id = randomUUID();
      const etag = (await put(id, car)).headers.get("etag") as string;
      const answers = await Promise.all(
        [42000, 43000].map((catalogPrice) => put(id, { ...car, catalogPrice }, { "If-Match": etag })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
      const winner = answers.find((a) => a.status === 200) as Response;
      const stored = await (await call(url(id), key, { headers: identity })).text();
      expect(stored).toBe(await winner.text());
      // The loser, sequentially: its tag is stale now.
      const late = await put(id, { ...car, catalogPrice: 44000 }, { "If-Match": etag });
      expect(late.status).toBe(412);
    });

    it("If-Match: * needs the car to exist; If-None-Match: * creates only", async () => {
      const id = randomUUID();
      const mustExist = await put(id, car, { "If-Match": "*" });
      expect(mustExist.status).toBe(412);
      expect((await readJson(mustExist)).detail).toMatch(/^If-Match: \*/);
      expect((await call(url(id), key)).status).toBe(404);
      const created = await put(id, car, { "If-None-Match": "*" });
      expect(created.status).toBe(201);
      const createdText = await created.text();
      const again = await put(id, { ...car, catalogPrice: 1 }, { "If-None-Match": "*" });
      expect(again.status).toBe(412);
      expect((await readJson(again)).detail).toMatch(/^If-None-Match: \*/);
      expect(await (await call(url(id), key, { headers: identity })).text()).toBe(createdText);
      const exists = await put(id, { ...car, catalogPrice: 39000 }, { "If-Match": "*" });
      expect(exists.status).toBe(200);
      // Two creators at once: one 201, one 412.
      const fresh = randomUUID();
      const race = await Promise.all([1, 2].map(() => put(fresh, car, { "If-None-Match": "*" })));
      expect(race.map((a) => a.status).sort()).toEqual([201, 412]);
    });

    it("another account's car at the same id is not a current version: If-Match fails, If-None-Match: * creates", async () => {
      const id = randomUUID();
      const theirs = await call(url(id), otherKey, { method: "PUT", body: car, headers: identity });
      const theirTag = theirs.headers.get("etag") as string;
      expect((await put(id, car, { "If-Match": theirTag })).status).toBe(412);
      expect((await put(id, car, { "If-Match": "*" })).status).toBe(412);
      expect((await put(id, car, { "If-None-Match": "*" })).status).toBe(201);
    });
  });
});
