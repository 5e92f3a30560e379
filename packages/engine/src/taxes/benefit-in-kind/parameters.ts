/**
 * Benefit in kind of a company car (voordeel van alle aard / avantage de toute nature),
 * art. 36 §2 WIB 92 / CIR 92. Parameters per income year.
 */
import { dec, type Fraction, int, ratio } from "../../core/exact";
import { lawByDate, type ParameterRow } from "../../law/parameter-table";
import { parameter } from "../../law/parameters";

export interface ReferenceCo2 {
  /** Petrol, LPG, natural gas and petrol hybrids, g/km. */
  readonly petrol: number;
  /** Diesel and diesel hybrids, g/km. */
  readonly diesel: number;
}

/** Reference CO2 emission, fixed yearly by royal decree. */
export const bikReferenceCo2 = parameter<ReferenceCo2>("bik.referenceCo2");

/** Minimum yearly benefit (indexed amount of art. 36 §2, base 820 EUR). */
export const bikMinimum = parameter<number>("bik.minimum");

/** The CO2 percentage at the reference emission, per g/km above or below it, and its bounds. */
export interface BikCo2Percent {
  readonly atReference: number;
  readonly perGram: number;
  readonly minimum: number;
  readonly maximum: number;
}
export const bikCo2PercentRule = parameter<BikCo2Percent>("bik.co2Percent");

/** Electric and hydrogen cars: always the minimum percentage. */
export const bikZeroEmissionPercent = parameter<number>("bik.zeroEmissionPercent");

/** Private-use share (6/7), as a numerator and a denominator. */
export interface PrivateShare {
  readonly numerator: number;
  readonly denominator: number;
}
export const bikPrivateShare = parameter<PrivateShare>("bik.privateShare");

/** VAT factor added to the stored ex-VAT catalogue price. */
export const bikCatalogueVatFactor = parameter<number>("bik.catalogueVatFactor");

/** CO2 unknown at the DIV: petrol family and diesel, g/km. */
export const bikUnknownCo2 = parameter<ReferenceCo2>("bik.unknownCo2");

/** One band of the age coefficient: up to a month number (null: no upper month). */
export interface AgeBand {
  readonly upToMonth: number | null;
  readonly percent: number;
}

/**
 * Age coefficient by the number of the month since first registration (month of first registration
 * = month 1): art. 36 §2, 3rd para.
 */
export const bikAgeCoefficients = parameter<readonly AgeBand[]>("bik.ageCoefficients");

/** The CO2 percentage's constants as exact fractions. */
export interface BikPercentFractions {
  readonly atReference: Fraction;
  readonly perGram: Fraction;
  readonly minimum: Fraction;
  readonly maximum: Fraction;
}

/** The BIK law of a day: its parameters' rows, and their numbers the formula uses as fractions. */
export interface BikLaw {
  readonly referenceCo2: ParameterRow<ReferenceCo2>;
  readonly minimum: ParameterRow<number>;
  readonly minimumAmount: Fraction;
  readonly vat: ParameterRow<number>;
  readonly vatFactor: Fraction;
  readonly ageCoefficients: ParameterRow<readonly AgeBand[]>;
  readonly percent: BikPercentFractions;
  readonly privateShareRow: ParameterRow<PrivateShare>;
  readonly privateShare: Fraction;
  /** The share as the law writes it ("6/7"): what the explanation records and the description shows. */
  readonly privateShareText: string;
  /** The explanation's formula, written with this day's numbers. */
  readonly formula: string;
  readonly zeroEmissionPercent: ParameterRow<number> | undefined;
  readonly unknownCo2: ParameterRow<ReferenceCo2> | undefined;
}

/** "6/7": the private-use share as the law writes it. */
export const privateShareText = (share: PrivateShare) => `${share.numerator}/${share.denominator}`;

/** The formula of art. 36 § 2, written with the numbers of the parameters it names. */
export function bikFormulaText(vat: number, share: PrivateShare, percent: BikCo2Percent): string {
  return `catalogPrice × ${vat} × ageCoefficient × ${privateShareText(share)} × CO2% (${percent.minimum} %–${percent.maximum} %), at least the yearly minimum`;
}

/** The BIK law in force on a day, or undefined when a row the formula needs is not published. */
export const bikLawAt = lawByDate(
  {
    referenceCo2: bikReferenceCo2,
    minimum: bikMinimum,
    vat: bikCatalogueVatFactor,
    ageCoefficients: bikAgeCoefficients,
    percent: bikCo2PercentRule,
    privateShare: bikPrivateShare,
    zeroEmissionPercent: bikZeroEmissionPercent,
    unknownCo2: bikUnknownCo2,
  },
  (rows): BikLaw | null => {
    const { referenceCo2, minimum, vat, ageCoefficients, percent, privateShare } = rows;
    if (!referenceCo2 || !minimum || !vat || !ageCoefficients || !percent || !privateShare) return null;
    return {
      referenceCo2,
      minimum,
      minimumAmount: int(minimum.value),
      vat,
      vatFactor: dec(vat.value),
      ageCoefficients,
      percent: {
        atReference: dec(percent.value.atReference),
        perGram: dec(percent.value.perGram),
        minimum: dec(percent.value.minimum),
        maximum: dec(percent.value.maximum),
      },
      privateShareRow: privateShare,
      privateShare: ratio(privateShare.value.numerator, privateShare.value.denominator),
      privateShareText: privateShareText(privateShare.value),
      formula: bikFormulaText(vat.value, privateShare.value, percent.value),
      zeroEmissionPercent: rows.zeroEmissionPercent,
      unknownCo2: rows.unknownCo2,
    };
  },
);
