/**
 * Deductibility of car costs (aftrekbaarheid autokosten / déductibilité des frais de voiture):
 * art. 66 and 198bis WIB 92, as amended by the law of 25/11/2021 ("greening" of company cars) and,
 * for personal-income-tax taxpayers, the law of 18/12/2025 (art. 23–29; circular 2026/C/11).
 */
import { dec, type Fraction, int } from "../../core/exact";
import { lawByDate, type ParameterRow } from "../../law/parameter-table";
import { parameter } from "../../law/parameters";

/** The gram formula: start % − perGram % × fuel coefficient × CO2, within [floor, maximum]. */
export const deductionFormula = parameter<{
  readonly start: number;
  readonly perGram: number;
  readonly maximum: number;
  readonly floor: number;
  /** Flat percentage when CO2 ≥ highCo2From or unknown, under the floor regime. */
  readonly highCo2Percent: number;
  readonly highCo2From: number;
}>("deduction.formula");

/** Fuel coefficients of the gram formula (natural gas below a number of fiscal HP). */
export const deductionFuelCoefficients = parameter<{
  readonly diesel: number;
  readonly petrol: number;
  readonly naturalGas: number;
  readonly naturalGasBelowHorsepower: number;
}>("deduction.fuelCoefficients");

/** Cars acquired before 2018 by a sole proprietor keep at least this percentage. */
export const deductionGrandfatheredMinimum = parameter<number>("deduction.grandfatheredMinimum");

/** Regime boundaries by order (acquisition) date. */
export const deductionRegimeDates = parameter<{
  /** Before this: regime A (formula with floor, for the life of the car). */
  readonly phaseOutFrom: string;
  /** From this: regime C (CO2-emitting cars 0 %). */
  readonly fossilZeroFrom: string;
  /** PHEVs ordered from this date: fossil fuel deductible at 50 % at most (law of 25/11/2021)… */
  readonly pluginHybridFuelCapFrom: string;
  /** …until this income year (the law's last year of the cap). */
  readonly pluginHybridFuelCapUntilYear: number;
  /** Sole proprietors' cars acquired before this date keep the minimum (2018 transitional rule). */
  readonly grandfatheredBefore: string;
}>("deduction.regimeDates");

/**
 * Regime B (CO2-emitting cars ordered 1/7/2023 – 31/12/2025): ceiling by taxable period. `null`
 * means the ordinary formula with its floor still applies (2023, 2024).
 */
export const phaseOutCeiling = parameter<number | null>("deduction.phaseOutCeiling");

/** Zero-emission cars: deduction fixed by the year of the order, for the life of the car. */
export const zeroEmissionByOrderYear = parameter<number>("deduction.zeroEmissionByOrderYear");

/**
 * Personal income tax, plug-in hybrids ordered from 1 Jan 2026 that are not fake hybrids (law of
 * 18/12/2025): 120 % − 0.5 % × CO2 with no fuel coefficient, capped at the zero-emission % of the
 * order year when CO2 ≤ 50 g/km, and at the cap below for 51–75 g/km (Euro 6e-bis). The circular's
 * annex table was not seen, so every value is provisional; caps for 51–75 g/km after 2027 orders
 * were not found and are absent.
 */
export const pitPluginHybridCap51to75 = parameter<number>("deduction.pitPluginHybridCap51to75");

/** The order date of the PIT plug-in hybrid rule, and its CO2 limits (law of 18/12/2025). */
export const pitPluginHybridRules = parameter<{
  readonly orderedFrom: string;
  readonly lowCo2Max: number;
  readonly midCo2Max: number;
  readonly law: string;
}>("deduction.pitPluginHybrid");

/**
 * Personal income tax: the first income year of the law of 18/12/2025 (fuel excluded from the
 * deductible costs; the 2018 grandfathering shortened, on a schedule not found).
 */
export const pitLawFromYear = parameter<number>("deduction.pitLawFromYear");

/** The gram formula of art. 66, written with its numbers. */
export const deductionFormulaText = (f: { readonly start: number; readonly perGram: number }) =>
  `${f.start} % − ${f.perGram} % × fuelCoefficient × CO2, bounded by the regime of the order date`;

/** The gram formula's numbers as exact fractions. */
export interface DeductionFormulaFractions {
  readonly start: Fraction;
  readonly perGram: Fraction;
  readonly maximum: Fraction;
  readonly floor: Fraction;
  readonly highCo2Percent: Fraction;
  readonly highCo2From: Fraction;
}

/** The deduction law of a day (by the income year's date; the order date's rows are read apart). */
export interface DeductionLaw {
  readonly formula: ParameterRow<(typeof deductionFormula.rows)[number]["value"]>;
  readonly F: DeductionFormulaFractions;
  /** The explanation's formula, written with this day's numbers. */
  readonly formulaText: string;
  readonly regimeDates: ParameterRow<(typeof deductionRegimeDates.rows)[number]["value"]>;
  readonly pitPluginHybrid: ParameterRow<(typeof pitPluginHybridRules.rows)[number]["value"]>;
  readonly pitLawFromYear: ParameterRow<number> | undefined;
  readonly fuelCoefficients:
    | ParameterRow<(typeof deductionFuelCoefficients.rows)[number]["value"]>
    | undefined;
  /** The fuel coefficients as fractions (undefined with their row). */
  readonly fuelFactors:
    | { readonly diesel: Fraction; readonly petrol: Fraction; readonly naturalGas: Fraction }
    | undefined;
  readonly grandfatheredMinimum: ParameterRow<number> | undefined;
  readonly phaseOutCeiling: ParameterRow<number | null> | undefined;
}

/** The law in force on a day, or undefined when the formula, the regime dates or the PIT rule is missing. */
export const deductionLawAt = lawByDate(
  {
    formula: deductionFormula,
    regimeDates: deductionRegimeDates,
    pitPluginHybrid: pitPluginHybridRules,
    pitLawFromYear,
    fuelCoefficients: deductionFuelCoefficients,
    grandfatheredMinimum: deductionGrandfatheredMinimum,
    phaseOutCeiling,
  },
  (rows): DeductionLaw | null => {
    const { formula, regimeDates, pitPluginHybrid } = rows;
    if (!formula || !regimeDates || !pitPluginHybrid) return null;
    const f = formula.value;
    return {
      formula,
      F: {
        start: int(f.start),
        perGram: dec(f.perGram),
        maximum: int(f.maximum),
        floor: int(f.floor),
        highCo2Percent: int(f.highCo2Percent),
        highCo2From: int(f.highCo2From),
      },
      formulaText: deductionFormulaText(f),
      regimeDates,
      pitPluginHybrid,
      pitLawFromYear: rows.pitLawFromYear,
      fuelCoefficients: rows.fuelCoefficients,
      fuelFactors: rows.fuelCoefficients && {
        diesel: dec(rows.fuelCoefficients.value.diesel),
        petrol: dec(rows.fuelCoefficients.value.petrol),
        naturalGas: dec(rows.fuelCoefficients.value.naturalGas),
      },
      grandfatheredMinimum: rows.grandfatheredMinimum,
      phaseOutCeiling: rows.phaseOutCeiling,
    };
  },
);
