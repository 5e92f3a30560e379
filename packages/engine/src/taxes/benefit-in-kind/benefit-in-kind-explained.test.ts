import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { describeResult } from "../../explanation/calculation-line";
import type { CalculationInput } from "../../input/calculation-input";
import { lineOf } from "../../testing/line-of";

/**
 * Issue 30 point 6: a reader recomputes the benefit in kind from what a line says, to the cent.
 * Art. 36 § 2 WIB 92: catalogue value × age coefficient × 6/7 × CO2 percentage. The cars and their
 * amounts are the vectors of test-vectors/benefit-in-kind/ (each with its derivation from the law
 * and its sources); the product is taken here from the numbers the description and the
 * explanation's parameters print, never from the engine's amount.
 */
interface Vector {
  readonly id: string;
  readonly request: {
    readonly carDetail: CalculationInput["car"];
    readonly userProfile: {
      readonly status: CalculationInput["profile"]["status"];
      readonly registrationOn: CalculationInput["profile"]["registrationOn"];
      readonly regionRegistration: CalculationInput["profile"]["region"];
      readonly hasFuelCard?: boolean;
    };
    readonly options: CalculationInput["options"];
  };
  readonly lineYear: number;
  readonly expected: { readonly outcome: string; readonly rawValue: number };
}

const folder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../../test-vectors/benefit-in-kind",
);
const vectors: Vector[] = fs
  .readdirSync(folder)
  .filter((file) => file.endsWith(".json"))
  .flatMap(
    (file) => (JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")) as { vectors: Vector[] }).vectors,
  )
  // The formula's amount itself: no own contribution deducted (a minimum is checked apart below).
  .filter((v) => v.expected.outcome === "amount" && !v.request.options.ownMonthlyCost);

const inputOf = (v: Vector): CalculationInput => ({
  car: v.request.carDetail,
  profile: {
    status: v.request.userProfile.status,
    registrationOn: v.request.userProfile.registrationOn,
    region: v.request.userProfile.regionRegistration,
    hasFuelCard: v.request.userProfile.hasFuelCard,
  },
  options: v.request.options,
});

/** A number as printed ("48,400.00", "12.6", "6/7") as an exact fraction of bigints. */
function fraction(text: string): [bigint, bigint] {
  const [numerator, denominator] = text.split("/");
  if (denominator !== undefined) return [BigInt(numerator ?? ""), BigInt(denominator)];
  const plain = text.replace(/,/g, "");
  const [whole, decimals = ""] = plain.split(".");
  return [BigInt(`${whole}${decimals}`), 10n ** BigInt(decimals.length)];
}

/** The product of printed numbers, each percentage divided by 100, in euros rounded half up to the cent. */
function product(numbers: readonly string[], percentages: readonly string[]): number {
  let n = 1n;
  let d = 1n;
  for (const text of numbers) {
    const [a, b] = fraction(text);
    n *= a;
    d *= b;
  }
  for (const text of percentages) {
    const [a, b] = fraction(text);
    n *= a;
    d *= b * 100n;
  }
  const cents = (n * 200n + d) / (2n * d);
  return Number(cents) / 100;
}

const value = (description: string, label: string, pattern: string): string => {
  const match = new RegExp(`${label} (${pattern})`).exec(description);
  if (!match?.[1]) throw new Error(`no "${label}" in: ${description}`);
  return match[1];
};

describe("the benefit in kind can be recomputed from its explanation (art. 36 § 2 WIB 92)", () => {
  const aboveMinimum = vectors.filter((v) => {
    const result = lineOf(inputOf(v), "BenefitInKind", v.lineYear);
    return !result.explanation.notes.includes("minimumApplied");
  });

  it("covers several cars: new and aged, diesel, petrol, hybrids, zero-emission, fake plug-in hybrids", () => {
    expect(aboveMinimum.length).toBeGreaterThanOrEqual(20);
  });

  it.each(aboveMinimum.map((v) => [v.id, v] as const))(
    "%s: catalogue value × age coefficient × private-use share × CO2 percentage, as the description prints them",
    (_id, v) => {
      const result = lineOf(inputOf(v), "BenefitInKind", v.lineYear);
      const description = describeResult(result, "en") ?? "";
      const catalogue = value(description, "Catalogue value", "[\\d,]+\\.\\d{2}");
      const age = value(description, "age coefficient", "[\\d.]+");
      const share = value(description, "private-use share", "\\d+/\\d+");
      const percent = value(description, "CO2 percentage", "[\\d.]+");
      expect(share).toBe("6/7");
      expect(product([catalogue, share], [age, percent])).toBe(v.expected.rawValue);
    },
  );

  it.each(aboveMinimum.map((v) => [v.id, v] as const))(
    "%s: catalogue price × the explanation's parameters (VAT, age coefficient, private-use share) × CO2 percentage",
    (_id, v) => {
      const { inputs, parameters } = lineOf(inputOf(v), "BenefitInKind", v.lineYear).explanation;
      const used = (name: string) => {
        const parameter = parameters.find((p) => p.name === name);
        if (!parameter) throw new Error(`parameter ${name} not recorded`);
        return String(parameter.value);
      };
      expect(parameters.find((p) => p.name === "privateShare")?.parameter).toBe("bik.privateShare");
      expect(
        product(
          [String(inputs.catalogPriceExVat), used("vat"), used("privateShare")],
          // A zero-emission car's percentage is a parameter; the others' is computed from their CO2.
          [
            used("ageCoefficient"),
            inputs.co2Percent === undefined ? used("co2Percent") : String(inputs.co2Percent),
          ],
        ),
      ).toBe(v.expected.rawValue);
    },
  );
});
