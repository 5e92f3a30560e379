import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculate } from "../calculate";
import type { CalculationInput } from "../calculation-input";
import { toCalculationLine } from "../calculation-line";
import { LANGUAGES } from "../enums";
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
