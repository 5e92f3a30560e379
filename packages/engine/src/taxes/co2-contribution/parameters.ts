/**
 * CO2 solidarity contribution of the employer (solidariteitsbijdrage / cotisation de solidarité),
 * art. 38 §3quater of the law of 29/6/1981, as amended by the law of 25/11/2021 for cars ordered
 * from 1 July 2023. Collected by the RSZ/ONSS per month.
 */
import { dec, div, type Fraction, int, mul } from "../../core/exact";
import { lawByDate, type ParameterRow } from "../../law/parameter-table";
import { parameter } from "../../law/parameters";

/** Health index of September of the previous year; i = index / 114.08, used as an exact fraction. */
export const healthIndexSeptember = parameter<number>("co2Contribution.healthIndex");

/** The denominator of the index coefficient: the health index of the base period. */
export const healthIndexBase = parameter<number>("co2Contribution.healthIndexBase");

/**
 * Monthly formula constants: ((CO2 × gramFactor) − constant) / 12 × i. The statute names petrol,
 * diesel and LPG; natural gas (CNG) takes the LPG constant in practice, its own provisional parameter.
 */
export const co2ContributionFormula = parameter<{
  readonly gramFactor: number;
  readonly petrol: number;
  readonly diesel: number;
  readonly lpg: number;
}>("co2Contribution.formula");
export const co2ContributionNaturalGasConstant = parameter<number>("co2Contribution.naturalGasConstant");

/** CO2 unknown: petrol family and diesel, g/km. */
export const co2ContributionUnknownCo2 = parameter<{ readonly petrol: number; readonly diesel: number }>(
  "co2Contribution.unknownCo2",
);

/** Cars ordered before this date keep the old regime (no multiplier, old minimum). */
export const newRegimeOrderDate = parameter<string>("co2Contribution.newRegimeOrderDate");

/** Non-indexed monthly minimum of cars ordered before 1 July 2023 (and before 2023 of every car). */
export const minimumBaseOld = parameter<number>("co2Contribution.minimumBase");

/** Non-indexed monthly minimum of every car ordered from 1 July 2023, zero-emission included. */
export const minimumBaseNew = parameter<number>("co2Contribution.minimumBaseOrderedFromJuly2023");

/** Multiplier of the formula result for CO2-emitting cars ordered from 1 July 2023. */
export const multiplierNew = parameter<number>("co2Contribution.multiplierOrderedFromJuly2023");

/** A minimum base of one regime, and the indexed minimum it gives as a fraction. */
export interface Co2ContributionMinimum {
  readonly row: ParameterRow<number>;
  readonly indexed: Fraction;
}

// The months of a year (a calendar fact, not a parameter).
const MONTHS = 12;

/** The monthly formula of art. 38 § 3quater, written with its gram factor. */
export const co2ContributionFormulaText = (gramFactor: number) =>
  `max(((CO2 × ${gramFactor}) − constant) / ${MONTHS} × i × multiplier, minimum × i) per month; × ${MONTHS} per year`;

/** The contribution's law of a day, with the index coefficient and the minima as fractions. */
export interface Co2ContributionLaw {
  readonly healthIndex: ParameterRow<number>;
  readonly healthIndexBase: ParameterRow<number>;
  /** i: the exact fraction of the two index values (published amounts only reproduce that way). */
  readonly i: Fraction;
  readonly formula: ParameterRow<{ gramFactor: number; petrol: number; diesel: number; lpg: number }>;
  readonly gramFactor: Fraction;
  /** The explanation's formula, written with this day's gram factor. */
  readonly formulaText: string;
  readonly newRegimeOrderDate: ParameterRow<string>;
  readonly minimumOld: Co2ContributionMinimum | undefined;
  readonly minimumNew: Co2ContributionMinimum | undefined;
  readonly multiplierNew: ParameterRow<number> | undefined;
  readonly unknownCo2: ParameterRow<{ readonly petrol: number; readonly diesel: number }> | undefined;
  readonly naturalGasConstant: ParameterRow<number> | undefined;
}

/** The law in force on a day, or undefined when the index, the formula or the regime date is missing. */
export const co2ContributionLawAt = lawByDate(
  {
    healthIndex: healthIndexSeptember,
    healthIndexBase,
    formula: co2ContributionFormula,
    newRegimeOrderDate,
    minimumOld: minimumBaseOld,
    minimumNew: minimumBaseNew,
    multiplierNew,
    unknownCo2: co2ContributionUnknownCo2,
    naturalGasConstant: co2ContributionNaturalGasConstant,
  },
  (rows): Co2ContributionLaw | null => {
    const { healthIndex, healthIndexBase: base, formula, newRegimeOrderDate: regime } = rows;
    if (!healthIndex || !base || !formula || !regime) return null;
    const i = div(dec(healthIndex.value), dec(base.value));
    const minimum = (row: ParameterRow<number> | undefined) =>
      row ? { row, indexed: mul(dec(row.value), i) } : undefined;
    return {
      healthIndex,
      healthIndexBase: base,
      i,
      formula,
      gramFactor: int(formula.value.gramFactor),
      formulaText: co2ContributionFormulaText(formula.value.gramFactor),
      newRegimeOrderDate: regime,
      minimumOld: minimum(rows.minimumOld),
      minimumNew: minimum(rows.minimumNew),
      multiplierNew: rows.multiplierNew,
      unknownCo2: rows.unknownCo2,
      naturalGasConstant: rows.naturalGasConstant,
    };
  },
);
