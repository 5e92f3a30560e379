import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../core/enums";
import { toCalculationLine } from "../explanation/calculation-line";
import type { CalculationInput } from "../input/calculation-input";
import { calculate } from "../operations/calculate";
import { calculationInputArb } from "../testing/arbitraries";
import { LEGAL_TEXTS } from "./legal-texts";

// Issue 10 point 1: every line's url is the law itself, deep-linked, in the answer's language.
const registered = new Set(Object.values(LEGAL_TEXTS).flatMap((text) => [text.nl, text.fr]));
const official =
  /^https:\/\/(www\.ejustice\.just\.fgov\.be\/eli|www\.socialsecurity\.be\/employer\/instructions|wallex\.wallonie\.be\/eli|codex\.vlaanderen\.be\/Zoeken\/Document\.aspx\?DID=\d+&param=inhoud&AID=\d+$)/;
/^https:\/\/www\.(ejustice\.just\.fgov\.be\/eli|socialsecurity\.be\/employer\/instructions)\//;

describe("legal links of the lines", () => {
  it("registered texts are official addresses with a path (and an article where the act has many)", () => {
    for (const [key, text] of Object.entries(LEGAL_TEXTS)) {
      for (const url of [text.nl, text.fr]) {
        expect(url, key).toMatch(official);
        expect(new URL(url).pathname.length, key).toBeGreaterThan(1);
        if (url.includes("/justel")) expect(url, key).toMatch(/#Art\.[\d.]+$/);
      }
      expect(text.nl, key).not.toBe(text.fr);
    }
  });

  it("federal lines link the amending law in the Official Journal, not Justel's WIB 92 consolidation stopped in 2002 (issue 30)", () => {
    // The identities: RD of 5 September 2019 on etaamb (law of 25.12.2017, pub. 29.12.2017, numac
    // 2017014414, "a notamment modifié ... aux articles 36 et 66"); etaamb n2021033910 (law of
    // 25.11.2021, art. 2 amends art. 66); programme law of 25.12.2016, numac 2016021100 (art. 198, § 1, 9°bis).
    expect(LEGAL_TEXTS.benefitInKind).toMatchObject({
      nl: "https://www.ejustice.just.fgov.be/eli/wet/2017/12/25/2017014414/staatsblad",
      fr: "https://www.ejustice.just.fgov.be/eli/loi/2017/12/25/2017014414/moniteur",
    });
    expect(LEGAL_TEXTS.fiscalDeduction.fr).toBe(
      "https://www.ejustice.just.fgov.be/eli/loi/2021/11/25/2021033910/moniteur",
    );
    expect(LEGAL_TEXTS.rejectedExpenses.fr).toBe(
      "https://www.ejustice.just.fgov.be/eli/loi/2016/12/25/2016021100/moniteur",
    );
    for (const text of Object.values(LEGAL_TEXTS)) expect(text.nl + text.fr).not.toContain("1992041050");
  });

  it("every line of every calculation links a registered legal text, never a bare domain", () => {
    fc.assert(
      fc.property(calculationInputArb, fc.constantFrom(...LANGUAGES), (input, language) => {
        const outcome = calculate(input);
        if (!outcome.ok) return;
        for (const result of outcome.results) {
          const line = toCalculationLine(result, language);
          expect(line.hasUrl).toBe(true);
          expect(registered.has(line.url ?? ""), `${line.viewOption}: ${line.url}`).toBe(true);
          expect(new URL(line.url ?? "").pathname).not.toBe("/");
        }
      }),
      { numRuns: 300 },
    );
  });

  it("links the page of the answer's language; English follows the region (Brussels: French)", () => {
    const input = (region: "Flanders" | "Wallonia" | "Brussels"): CalculationInput => ({
      car: {
        catalogPrice: 30000,
        fuel: "Diesel",
        euroStandard: "Euro6",
        kilowatt: 100,
        wltp: 130,
        nedC2: 0,
        capacity: 1968,
      },
      profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region },
      options: { registrationDate: "2024-03-01" },
    });
    const urls = (region: "Flanders" | "Wallonia" | "Brussels", language: "en" | "nl" | "fr") => {
      const outcome = calculate(input(region));
      if (!outcome.ok) throw new Error("invalid");
      return Object.fromEntries(
        outcome.results.map((r) => [r.calculator, toCalculationLine(r, language).url]),
      );
    };
    expect(urls("Flanders", "nl").BenefitInKind).toBe(LEGAL_TEXTS.benefitInKind.nl);
    expect(urls("Flanders", "fr").BenefitInKind).toBe(LEGAL_TEXTS.benefitInKind.fr);
    expect(urls("Flanders", "en").RoadTax).toBe(LEGAL_TEXTS.flandersBiv.nl);
    expect(urls("Flanders", "fr").YearlyTax).toBe(LEGAL_TEXTS.flandersRoadTax.fr);
    expect(urls("Wallonia", "en").YearlyTax).toBe(LEGAL_TEXTS.walloniaRoadTax.fr);
    expect(urls("Wallonia", "en").CO2Contribution).toBe(LEGAL_TEXTS.co2Contribution.fr);
    expect(urls("Brussels", "en").RoadTax).toBe(LEGAL_TEXTS.brusselsTmc.fr);
    expect(urls("Brussels", "nl").RoadTax).toBe(LEGAL_TEXTS.brusselsTmc.nl);
    expect(urls("Wallonia", "nl").FiscalDeduction).toBe(LEGAL_TEXTS.fiscalDeduction.nl);
  });
});
