import { formatEuro } from "@cartax/engine";
import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPARED_CARS, compareRequest } from "../../testing/saved-comparison";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

describe.each(testDatabases())("a comparison's public link and page on $dialect", (db) => {
  let service: TestService;
  let key: string;
  let ownerId: string;
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    ({ primaryKey: key, ownerId } = await service.subscribe());
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });
  const pageUrl = (location: string) => location.replace("https://api.cartax.test", service.server.url);
  const compareNow = async (k: string, options = { years: 4, assumeLatestRules: true }) => {
    const response = await call(`${service.base}/Compare`, k, { body: compareRequest(options) });
    expect(response.status).toBe(200);
    return readJson(response);
  };

  describe.skipIf(!db.available)("", () => {
    it("GET /v1/PublicLink?comparisonid= answers a stable, unguessable URI of the caller's comparison", async () => {
      const { comparisonId } = await compareNow(key);
      const response = await call(`${service.base}/PublicLink?comparisonid=${comparisonId}`, key);
      expect(response.status).toBe(200);
      const location = response.headers.get("location") ?? "";
      expect(location).toMatch(/^https:\/\/api\.cartax\.test\/p\/[\w-]{22}$/);
      expect(location).not.toContain(comparisonId);
      expect(await readJson(response)).toEqual({ url: location });
      const again = await call(`${service.base}/PublicLink?comparisonid=${comparisonId.toUpperCase()}`, key);
      expect(again.headers.get("location")).toBe(location);
      // A car's link and a comparison's link are different tokens of the same /p/ namespace.
      const { id: carId } = await readJson(
        await call(`${service.base}/CarDetails`, key, { body: COMPARED_CARS[0] }),
      );
      const carLink = await call(`${service.base}/PublicLink?cardetailid=${carId}`, key);
      expect(carLink.status).toBe(200);
      expect(carLink.headers.get("location")).not.toBe(location);
    });

    it("is owner-scoped and gated like reading the comparison: 404 for another account's or an unknown id, 401 without calculation access or key", async () => {
      const { comparisonId } = await compareNow(key);
      const other = await service.subscribe();
      const otherLink = await call(
        `${service.base}/PublicLink?comparisonid=${comparisonId}`,
        other.primaryKey,
      );
      expect(otherLink.status).toBe(404);
      expect(otherLink.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(
        (await call(`${service.base}/PublicLink?comparisonid=3fa85f64-5717-4562-b3fc-2c963f66afa6`, key))
          .status,
      ).toBe(404);
      // Same account, no calculation access: the comparison's figures are not its to publish.
      const noCalc = await service.subscribe({ calculationAccess: false });
      const sameOwner = await service.server.service.storage.subscriptions.create({
        name: "no calculation",
        environment: "acceptance",
        ownerId,
        calculationAccess: false,
      });
      const refused = await call(
        `${service.base}/PublicLink?comparisonid=${comparisonId}`,
        sameOwner.primaryKey,
      );
      expect(refused.status).toBe(401);
      expect((await readJson(refused)).detail).toMatch(/calculation access/);
      expect(
        (await call(`${service.base}/PublicLink?comparisonid=${comparisonId}`, noCalc.primaryKey)).status,
      ).toBe(401);
      expect((await call(`${service.base}/PublicLink?comparisonid=${comparisonId}`, undefined)).status).toBe(
        401,
      );
      // A car link still needs an active subscription only (docs/contract.md, Authentication 4).
      const { id: carId } = await readJson(
        await call(`${service.base}/CarDetails`, sameOwner.primaryKey, { body: COMPARED_CARS[1] }),
      );
      expect(
        (await call(`${service.base}/PublicLink?cardetailid=${carId}`, sameOwner.primaryKey)).status,
      ).toBe(200);
    });

    it("answers 400 naming the parameter: malformed comparisonid, both parameters, neither (as before)", async () => {
      const { comparisonId } = await compareNow(key);
      const malformed = await call(`${service.base}/PublicLink?comparisonid=nope`, key);
      expect(malformed.status).toBe(400);
      expect((await readJson(malformed)).errors).toEqual([
        expect.objectContaining({ field: "comparisonid", rule: "uuid" }),
      ]);
      const { id: carId } = await readJson(
        await call(`${service.base}/CarDetails`, key, { body: COMPARED_CARS[0] }),
      );
      const both = await call(
        `${service.base}/PublicLink?cardetailid=${carId}&comparisonid=${comparisonId}`,
        key,
      );
      expect(both.status).toBe(400);
      expect((await readJson(both)).errors).toEqual([
        { field: "comparisonid", rule: "oneOf", message: "give cardetailid or comparisonid, not both" },
      ]);
      const neither = await call(`${service.base}/PublicLink`, key);
      expect(neither.status).toBe(400);
      expect(neither.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect((await readJson(neither)).errors).toEqual([
        { field: "cardetailid", rule: "required", message: "cardetailid is required" },
      ]);
      const twice = await call(
        `${service.base}/PublicLink?comparisonid=${comparisonId}&comparisonid=${comparisonId}`,
        key,
      );
      expect(twice.status).toBe(400);
    });

    it("serves the comparison page without a key, per language, with the saved figures and no ids", async () => {
      const comparison = await compareNow(key);
      const location =
        (await call(`${service.base}/PublicLink?comparisonid=${comparison.comparisonId}`, key)).headers.get(
          "location",
        ) ?? "";
      const nl = await fetch(`${pageUrl(location)}?lang=nl`);
      expect(nl.status).toBe(200);
      expect(nl.headers.get("content-type")).toMatch(/^text\/html/);
      expect(nl.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(nl.headers.get("content-language")).toBe("nl");
      const html = await nl.text();
      expect(html).toContain('<html lang="nl">');
      expect(html).toContain("Vergelijking van bedrijfswagens");
      expect(html).not.toContain("<script");
      for (const car of COMPARED_CARS) expect(html).toContain(car.name);
      // The ranking total of each car as POST /v1/Compare answered it, in Dutch.
      for (const entry of comparison.ranking.entries as Json[])
        expect(html).toContain(formatEuro(entry.rawValue, "nl"));
      for (const secret of [comparison.comparisonId, ownerId, key]) expect(html).not.toContain(secret);
      const fr = await fetch(pageUrl(location), { headers: { "Accept-Language": "fr-BE,fr;q=0.9" } });
      const frHtml = await fr.text();
      expect(frHtml).toContain("Comparaison de voitures de société");
      const assumed: Json[] = comparison.rows.flatMap((row: Json) =>
        row.lines.filter((line: Json) => line.assumedRulesYear !== undefined),
      );
      expect(assumed.length).toBeGreaterThan(0);
      for (const line of assumed) expect(frHtml).toContain(`règles de ${line.assumedRulesYear} supposées`);
      expect((await fetch(`${pageUrl(location)}/?lang=en`)).status).toBe(200);
    });
  });
});
