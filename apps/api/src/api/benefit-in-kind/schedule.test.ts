import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

/**
 * POST /v1/BenefitInKind/schedule against the real service on a real port: the monthly schedules
 * of test-vectors/bik-schedule/published.json (each computed by hand from art. 36 § 2 WIB 92 and
 * the counting rule, its derivation beside it) to the cent.
 */
const file = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../../test-vectors/bik-schedule/published.json",
);
const { vectors } = JSON.parse(fs.readFileSync(file, "utf8")) as {
  vectors: {
    id: string;
    car: Record<string, unknown>;
    from: string;
    until: string;
    ownContributionMonthly: number;
    expected: {
      months: { month: string; days: number; ageCoefficient: number; amount: number }[];
      years: { year: number; total: number }[];
    };
  }[];
};

const profile = {
  postalCode: 1000,
  status: "SelfEmployed",
  registrationOn: "CompanyRegistration",
  regionRegistration: "Brussels",
};
const bodyOf = (vector: (typeof vectors)[number]) => ({
  carDetail: vector.car,
  userProfile: profile,
  options: {
    registrationDate: vector.car.firstRegistration,
    from: vector.from,
    until: vector.until,
    ownMonthlyCost: vector.ownContributionMonthly || null,
  },
});

describe.each(testDatabases())("POST /v1/BenefitInKind/schedule on $dialect", (db) => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    key = (await service.subscribe()).primaryKey;
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  describe.skipIf(!db.available)("", () => {
    for (const vector of vectors) {
      it(`${vector.id}: every month and year to the cent`, async () => {
        const response = await call(`${service.base}/BenefitInKind/schedule`, key, { body: bodyOf(vector) });
        expect(response.status).toBe(200);
        const schedule = await readJson(response);
        expect(
          schedule.months.map(({ month, days, ageCoefficient, amount }: Json) => ({
            month,
            days,
            ageCoefficient,
            amount,
          })),
        ).toEqual(vector.expected.months);
        expect(schedule.years.map(({ year, total }: Json) => ({ year, total }))).toEqual(
          vector.expected.years,
        );
        expect(schedule.countingRule.parameter).toBe("bik.availabilityCounting");
      });
    }

    it("refuses a period that ends before it starts, and a missing until, naming the fields", async () => {
      const vector = vectors[0] as (typeof vectors)[number];
      const body = bodyOf(vector);
      const before = await call(`${service.base}/BenefitInKind/schedule`, key, {
        body: { ...body, options: { ...body.options, until: "2020-01-01" } },
      });
      expect(before.status).toBe(400);
      expect((await readJson(before)).errors).toContainEqual(
        expect.objectContaining({ field: "options.until", rule: "range" }),
      );
      const { until: _until, ...withoutUntil } = body.options;
      const missing = await call(`${service.base}/BenefitInKind/schedule`, key, {
        body: { ...body, options: withoutUntil },
      });
      expect(missing.status).toBe(400);
      expect((await readJson(missing)).errors).toContainEqual(
        expect.objectContaining({ field: "options.until" }),
      );
    });

    it("needs a key", async () => {
      const vector = vectors[0] as (typeof vectors)[number];
      const response = await fetch(`${service.base}/BenefitInKind/schedule`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(bodyOf(vector)),
      });
      expect(response.status).toBe(401);
    });
  });
});
