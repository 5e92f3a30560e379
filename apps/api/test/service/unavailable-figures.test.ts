import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, readJson, startTestService, type TestService } from "../../src/testing/test-service";

// The Citroën C3 1.2 of the Walloon reform example (81 kW, WLTP 120), stored without its maximum
// authorised mass: the reformed Walloon registration tax (from 1 July 2025) cannot be computed.
const withoutWeight = {
  name: "C3 without weight",
  catalogPrice: 18000,
  firstRegistration: "2025-09-01",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 81,
  wltp: 120,
  nedC2: 0,
  capacity: 1199,
};
const walloonCompany = {
  postalCode: 5000,
  status: "SelfEmployed",
  registrationOn: "CompanyRegistration",
  regionRegistration: "Wallonia",
};

type Line = { viewOption: string; year: number; outcome: string; value?: string; rawValue?: number };

/**
 * The rule of docs/contract.md, "Lines without a figure": an unavailable figure never reads as zero tax
 * on any surface; an exemption stays a zero.
 */
describe.each(testDatabases())("a figure that cannot be computed on $dialect", (db) => {
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
    it("Calculate: a missing input is in unavailableLines with its field, never a line of 0.00; the audit record agrees", async () => {
      const body = {
        carDetail: withoutWeight,
        userProfile: walloonCompany,
        options: { registrationDate: "2025-09-01" },
      };
      const response = await call(`${service.base}/Calculate`, key, { body });
      expect(response.status).toBe(200);
      const result = await readJson(response);
      expect(result.lines.find((l: Line) => l.viewOption === "RoadTax")).toBeUndefined();
      expect(result.unavailableLines).toContainEqual({
        name: "Registration tax",
        viewOption: "RoadTax",
        year: 2025,
        outcome: "missingInput",
        missingFields: ["weight"],
        // Why first, then how far the calculator got.
        reason:
          "The maximum authorised mass (weight) is needed for this tax. Walloon registration tax as reformed on 1 July 2025.",
        url: expect.any(String),
        hasUrl: true,
      });
      for (const line of result.lines) {
        expect(["amount", "exempt"]).toContain(line.outcome);
        expect(line.value).toMatch(/\d.*(€|%)$/);
      }
      const record = await readJson(await call(`${service.base}/Calculations/${result.calculationId}`, key));
      expect(record.result).toEqual(result);
    });

    it("Calculate: the 2027 benefit in kind of a 2026 registration is rulesNotAvailable, not 0.00", async () => {
      const body = {
        carDetail: { ...withoutWeight, weight: 1570, firstRegistration: "2026-03-01" },
        userProfile: { ...walloonCompany, viewOptions: "BenefitInKind", language: "nl" },
        options: { registrationDate: "2026-03-01" },
      };
      const result = await readJson(await call(`${service.base}/Calculate`, key, { body }));
      expect(result.lines.map((l: Line) => `${l.viewOption}:${l.year}:${l.outcome}`)).toEqual([
        "BenefitInKind:2026:amount",
      ]);
      expect(result.unavailableLines).toEqual([
        expect.objectContaining({
          viewOption: "BenefitInKind",
          year: 2027,
          outcome: "rulesNotAvailable",
          missingParameters: expect.arrayContaining(["bik.referenceCo2", "bik.minimum"]),
        }),
      ]);
      // The reason names what is not published, in the request's language.
      expect(result.unavailableLines[0].reason).toMatch(/^Nog niet gepubliceerd voor 2027: /);
      expect(result.unavailableLines[0].reason).toContain(
        "de referentie-CO2-uitstoot van het voordeel alle aard",
      );
      expect(result.unavailableLines[0]).not.toHaveProperty("rawValue");
    });

    it("Calculate: a private person's federal taxes are notApplicable; an exemption stays a line of 0.00", async () => {
      // Flemish BIV of a battery-electric car registered up to 31 Dec 2025: exempt (VCF art. 2.3.6.0.2).
      const body = {
        carDetail: {
          catalogPrice: 40000,
          firstRegistration: "2025-06-01",
          fuel: "Electric",
          euroStandard: "NA",
          kilowatt: 150,
          wltp: 0,
          nedC2: 0,
          weight: 2100,
        },
        userProfile: {
          postalCode: 9000,
          status: "Private",
          registrationOn: "PrivateRegistration",
          regionRegistration: "Flanders",
          viewOptions: "RoadTax, BenefitInKind",
        },
        options: { registrationDate: "2025-06-01" },
      };
      const result = await readJson(await call(`${service.base}/Calculate`, key, { body }));
      expect(result.lines).toEqual([
        expect.objectContaining({ viewOption: "RoadTax", outcome: "exempt", rawValue: 0, value: "0.00 €" }),
      ]);
      expect(result.unavailableLines.map((l: Line) => `${l.viewOption}:${l.year}:${l.outcome}`)).toEqual([
        "BenefitInKind:2025:notApplicable",
        "BenefitInKind:2026:notApplicable",
      ]);
    });

    it("GetTaxMatrix: the same cell is null, as the spec's cells without a result; the public page and its preview never say 0.00", async () => {
      const created = await readJson(await call(`${service.base}/CarDetails`, key, { body: withoutWeight }));
      const matrix = await readJson(
        await call(`${service.base}/GetTaxMatrix?id=${created.id}&registrationDate=2025-09-01`, key),
      );
      const row = matrix.rows.find(
        (r: { status: string; registrationOn: string }) =>
          r.status === "SelfEmployed" && r.registrationOn === "CompanyRegistration",
      );
      const wallonia = row.regions.find((r: { region: string }) => r.region === "Wallonia");
      expect(wallonia.roadTax).toBeNull();
      expect(wallonia.yearlyTax).toBeGreaterThan(0);

      const location =
        (await call(`${service.base}/PublicLink?cardetailid=${created.id}`, key)).headers.get("location") ??
        "";
      const page = (lang: string) =>
        fetch(`${location.replace("https://api.cartax.test", service.server.url)}?lang=${lang}`).then((r) =>
          r.text(),
        );
      const expected = {
        en: "Wallonia: no figure (missing: the maximum authorised mass)",
        nl: "Wallonië: geen bedrag (ontbreekt: de maximaal toegelaten massa)",
        fr: "Wallonie: pas de montant (donnée manquante : la masse maximale autorisée)",
      };
      expect(await page("en")).toContain("Missing input: the maximum authorised mass.");
      for (const [lang, words] of Object.entries(expected)) {
        const html = await page(lang);
        const description = /<meta property="og:description" content="([^"]*)"/.exec(html)?.[1] ?? "";
        expect(description, lang).toContain(words);
        expect(description, lang).not.toMatch(/0[.,]00/);
        // The Walloon cell of the page's table says why, not 0.00.
        const cell = /<tr data-region="Wallonia">.*?<td[^>]*>(.*?)<\/td>/s.exec(html)?.[1] ?? "";
        expect(cell, lang).not.toMatch(/0[.,]00/);
      }
    });
  });
});
