import { testDatabases } from "@cartax/storage/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculationRequest, petrolCar } from "../../src/testing/fixtures";
import { call, readJson, startTestService, type TestService } from "../../src/testing/test-service";

/**
 * Text that no database stores alike (docs/contract.md, Errors: the rule `format`): U+0000, which PostgreSQL
 * refuses and SQLite keeps, and UTF-16 surrogates without their pair. Each is put in one string
 * field of one endpoint's body, at a random place in a valid or random value.
 */
const BAD_CHARACTERS = ["\u0000", "\uD800", "\uDBFF", "\uDC00", "\uDFFF"] as const;

/** Free-text fields that are stored: a bad character there is a 400 naming the field, rule `format`. */
const FREE_TEXT = new Set(["name", "internalName", "carDetail.name", "carDetail.internalName", "version"]);

const car = { ...petrolCar, name: "Compact", internalName: "fleet 12" };
const calculation = {
  ...calculationRequest,
  carDetail: car,
  userProfile: { ...calculationRequest.userProfile, viewOptions: "RoadTax", language: "fr" },
  options: { registrationDate: "2025-03-01", orderDate: "2025-01-01" },
  version: "1.2.3",
};

/** The JSON paths of every string in a body. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === "string") return [path];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, inner]) => stringPaths(inner, [...path, key]));
  return [];
}

function withText(body: Record<string, unknown>, path: readonly string[], text: string) {
  const copy = structuredClone(body);
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1) as string] = text;
  return copy;
}

/** A value with one bad character: in a valid value, an empty one or random text. */
const badText = (valid: string) =>
  fc
    .tuple(
      fc.constantFrom(valid, ""),
      fc.string({ maxLength: 8 }),
      fc.constantFrom(...BAD_CHARACTERS),
      fc.nat(),
    )
    .map(([base, noise, bad, at]) => {
      const text = base === "" ? noise : base;
      const i = at % (text.length + 1);
      return text.slice(0, i) + bad + text.slice(i);
    });

/** Percent-encoded bytes that decode to NUL, an encoded surrogate or nothing valid at all. */
const BAD_QUERY_BYTES = ["%00", "%ED%A0%80", "%ED%B0%80", "%C0%80", "%FF", "%F4%90%80%80"] as const;

describe.each(testDatabases())("NUL and lone surrogates in every string field on $dialect", (db) => {
  let service: TestService;
  let key: string;
  let carId: string;
  let token: string;
  const counts = async () => {
    const storage = service.server.service.storage;
    await storage.calculations.drain();
    const count = async (table: "car_details" | "calculations" | "qr_images") =>
      Number(
        (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(storage.db))
          .rows[0]?.n,
      );
    return {
      cars: await count("car_details"),
      calculations: await count("calculations"),
      images: await count("qr_images"),
    };
  };
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    key = (await service.subscribe()).primaryKey;
    carId = (await readJson(await call(`${service.base}/CarDetails`, key, { body: car }))).id;
    const link = await readJson(await call(`${service.base}/PublicLink?cardetailid=${carId}`, key));
    token = new URL(link.url).pathname.split("/").at(-1) as string;
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  describe.skipIf(!db.available)("", () => {
    const bodies = () => {
      const qr = {
        carDetailId: carId,
        logoPath: "Service_QR_Code",
        topLogoPath: "Service_QR_Code",
        captionLine1: "Fleet",
        captionLine2: "2025",
        captionColor: "112233",
      };
      return [
        { method: "POST", path: "/CarDetails", body: car as Record<string, unknown> },
        { method: "PUT", path: `/CarDetails/${carId}`, body: car },
        { method: "POST", path: "/Calculate", body: calculation },
        {
          method: "POST",
          path: "/Calculate",
          body: { ...calculation, carDetail: undefined, carDetailId: carId },
        },
        { method: "POST", path: "/Qr", body: qr },
      ].flatMap((endpoint) =>
        stringPaths(endpoint.body).map((field) => ({
          ...endpoint,
          field,
          valid: String(field.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], endpoint.body)),
        })),
      );
    };

    it("in a body: a 400 naming the field (free text, rule format), another 4xx, or a clean 2xx; never a 5xx, nothing half-written", async () => {
      const cases = bodies();
      expect(cases.length).toBeGreaterThan(25);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...cases).chain((c) => badText(c.valid).map((text) => ({ ...c, text }))),
          async ({ method, path, body, field, text }) => {
            const before = await counts();
            const response = await call(`${service.base}${path}`, key, {
              method,
              body: withText(body, field, text),
            });
            expect(response.status, `${method} ${path} ${field.join(".")}`).toBeLessThan(500);
            const dotted = field.join(".");
            if (response.status >= 400) {
              expect(response.headers.get("content-type")).toBe("application/problem+json");
              const problem = await readJson(response);
              if (FREE_TEXT.has(dotted))
                expect(problem.errors).toContainEqual(
                  expect.objectContaining({ field: dotted, rule: "format" }),
                );
              expect(await counts()).toEqual(before);
              return;
            }
            // 2xx: an ignored field (id, ownerId) or a QR layout value that fell back to its default.
            expect(FREE_TEXT.has(dotted), `${dotted} must be refused`).toBe(false);
            if (path === "/Qr") {
              const image = await fetch(
                `${service.server.url}${new URL(response.headers.get("location") as string).pathname}`,
              );
              expect(image.status).toBe(200);
              expect(image.headers.get("content-type")).toBe("image/png");
              await image.arrayBuffer();
            } else await response.arrayBuffer();
          },
        ),
        { numRuns: 150 },
      );
    });

    it("in a query or path: a 4xx (or the page, unchanged), never a 5xx", async () => {
      const targets = [
        (bad: string) => `${service.base}/GetTaxMatrix?id=${carId}${bad}&subscription-key=${key}`,
        (bad: string) =>
          `${service.base}/GetTaxMatrix?id=${carId}&registrationDate=2025-03-01${bad}&subscription-key=${key}`,
        (bad: string) => `${service.base}/PublicLink?cardetailid=${bad}${carId}&subscription-key=${key}`,
        (bad: string) => `${service.base}/CarDetails/${carId}${bad}?subscription-key=${key}`,
        (bad: string) => `${service.base}/Calculations/${bad}?subscription-key=${key}`,
        (bad: string) => `${service.base}/CarDetails/${carId}?subscription-key=${key}${bad}`,
        (bad: string) => `${service.base}/Qr/${bad}.png`,
        (bad: string) => `${service.server.url}/p/${token}${bad}`,
        (bad: string) => `${service.server.url}/p/${token}?lang=fr${bad}`,
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.nat({ max: targets.length - 1 }),
          fc.constantFrom(...BAD_QUERY_BYTES),
          async (index, bad) => {
            const url = (targets[index] as (bad: string) => string)(bad);
            const response = await fetch(url);
            expect(response.status, url).toBeLessThan(500);
            if (response.status >= 400 && !url.includes("/p/"))
              expect(response.headers.get("content-type")).toBe("application/problem+json");
            await response.arrayBuffer();
          },
        ),
        { numRuns: 60 },
      );
    });

    it("a NUL in Calculate.version, Qr.logoPath and Qr.topLogoPath: 400 format, and the defaults", async () => {
      const version = await call(`${service.base}/Calculate`, key, {
        body: { ...calculation, version: "1\u00002" },
      });
      expect(version.status).toBe(400);
      expect((await readJson(version)).errors).toEqual([
        expect.objectContaining({ field: "version", rule: "format" }),
      ]);
      const surrogate = await call(`${service.base}/CarDetails`, key, {
        body: { ...car, name: "Golf \uD83D" },
      });
      expect(surrogate.status).toBe(400);
      expect((await readJson(surrogate)).errors).toEqual([
        expect.objectContaining({ field: "name", rule: "format" }),
      ]);
      const pair = await call(`${service.base}/CarDetails`, key, {
        body: { ...car, name: "Golf \uD83D\uDE97" },
      });
      expect(pair.status).toBe(201);
      expect((await readJson(pair)).name).toBe("Golf 🚗");
      for (const field of ["logoPath", "topLogoPath"]) {
        const qr = await call(`${service.base}/Qr`, key, {
          body: { carDetailId: carId, [field]: "logo\u0000" },
        });
        expect(qr.status, field).toBe(201);
      }
    });
  });
});
