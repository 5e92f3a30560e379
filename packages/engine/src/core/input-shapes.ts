/**
 * Speed machinery of the explanations, kept out of the calculators: the records of inputs of the
 * usual paths, written as object literals.
 *
 * Every result carries `explanation.inputs`, the inputs its calculator read in the order it read
 * them (`ResultBuilder.input`). A record filled key by key costs V8 about 12 ns a key (a key known
 * only at run time); an object literal's key 3 to 4 ns, and these records are the largest part of
 * an explanation. So when a builder explains, it looks here for the longest shape whose keys are
 * the first inputs it recorded, in order, and builds those as one literal from the recorded values;
 * inputs recorded after them are added key by key. A path that recorded other inputs (a derived
 * Euro class, an unknown CO2) matches no shape and keeps the key-by-key record: the result is the
 * same record either way, only faster. A calculator therefore only ever says `b.input(name, value)`.
 *
 * A shape's `keys` and its literal must name the same keys in the same order (input-shapes.test.ts
 * checks each); the engine's tests also compare every literal record with the one-by-one record
 * (checkLiteralRecords). A new shape is worth adding only for a path that every usual calculation
 * takes (bench/compare.mjs tells).
 */
import type { Calculator } from "./enums";

/** Recorded inputs: names and values alternate (`[name0, value0, name1, value1, …]`). */
export type InputValue = string | number | boolean | null;
export type InputLog = readonly InputValue[];
export type InputRecord = Record<string, InputValue>;

/** The first inputs of a usual path, and the literal that records them from the log. */
export interface InputShape {
  readonly keys: readonly string[];
  readonly literal: (log: InputLog) => InputRecord;
}

// Benefit in kind before the fake-hybrid test (also recorded by RejectedExpenses, which computes
// the gross benefit on its own builder when it is the first line of its context).
const BENEFIT_IN_KIND: InputShape = {
  keys: [
    "catalogPriceExVat",
    "catalogueValue",
    "firstRegistration",
    "monthSinceFirstRegistration",
    "co2",
    "co2Cycle",
  ],
  literal: (v) => ({
    catalogPriceExVat: v[1] as InputValue,
    catalogueValue: v[3] as InputValue,
    firstRegistration: v[5] as InputValue,
    monthSinceFirstRegistration: v[7] as InputValue,
    co2: v[9] as InputValue,
    co2Cycle: v[11] as InputValue,
  }),
};

const CO2_CONTRIBUTION: InputShape = {
  keys: ["orderDate", "co2", "co2Cycle", "monthlyByFormula", "monthlyAmount"],
  literal: (v) => ({
    orderDate: v[1] as InputValue,
    co2: v[3] as InputValue,
    co2Cycle: v[5] as InputValue,
    monthlyByFormula: v[7] as InputValue,
    monthlyAmount: v[9] as InputValue,
  }),
};

const DEDUCTION: InputShape = {
  keys: ["orderDate", "taxRegime", "co2", "co2Cycle"],
  literal: (v) => ({
    orderDate: v[1] as InputValue,
    taxRegime: v[3] as InputValue,
    co2: v[5] as InputValue,
    co2Cycle: v[7] as InputValue,
  }),
};

// Flemish registration tax (BIV) by its formula.
const FLANDERS_REGISTRATION_TAX: InputShape = {
  keys: [
    "firstRegistration",
    "co2Cycle",
    "co2",
    "euroStandard",
    "euroClass",
    "airComponent",
    "monthsSinceFirstRegistration",
  ],
  literal: (v) => ({
    firstRegistration: v[1] as InputValue,
    co2Cycle: v[3] as InputValue,
    co2: v[5] as InputValue,
    euroStandard: v[7] as InputValue,
    euroClass: v[9] as InputValue,
    airComponent: v[11] as InputValue,
    monthsSinceFirstRegistration: v[13] as InputValue,
  }),
};

// Flemish annual road tax by the green formula.
const FLANDERS_ANNUAL_ROAD_TAX: InputShape = {
  keys: [
    "firstRegistration",
    "capacity",
    "fiscalHorsepower",
    "co2Cycle",
    "co2",
    "euroStandard",
    "euroClass",
    "co2Correction",
    "euroCorrection",
  ],
  literal: (v) => ({
    firstRegistration: v[1] as InputValue,
    capacity: v[3] as InputValue,
    fiscalHorsepower: v[5] as InputValue,
    co2Cycle: v[7] as InputValue,
    co2: v[9] as InputValue,
    euroStandard: v[11] as InputValue,
    euroClass: v[13] as InputValue,
    co2Correction: v[15] as InputValue,
    euroCorrection: v[17] as InputValue,
  }),
};

/**
 * The usual path's shape of each calculator (BenefitInKind's for RejectedExpenses too, which
 * computes the gross benefit on its own builder when it is the first line of its context).
 */
export const INPUT_SHAPES: Readonly<Record<Calculator, InputShape>> = {
  RoadTax: FLANDERS_REGISTRATION_TAX,
  YearlyTax: FLANDERS_ANNUAL_ROAD_TAX,
  BenefitInKind: BENEFIT_IN_KIND,
  RejectedExpenses: BENEFIT_IN_KIND,
  FiscalDeduction: DEDUCTION,
  CO2Contribution: CO2_CONTRIBUTION,
};

/**
 * The shape a builder of `calculator` matches its first inputs against, as they are recorded (a
 * switch: a keyed look-up by a calculator name costs more on this path).
 */
export function inputShapeOf(calculator: Calculator): InputShape | undefined {
  switch (calculator) {
    case "RoadTax":
      return FLANDERS_REGISTRATION_TAX;
    case "YearlyTax":
      return FLANDERS_ANNUAL_ROAD_TAX;
    case "BenefitInKind":
    case "RejectedExpenses":
      return BENEFIT_IN_KIND;
    case "FiscalDeduction":
      return DEDUCTION;
    case "CO2Contribution":
      return CO2_CONTRIBUTION;
    default:
      return undefined;
  }
}

/**
 * `shape` when the first recorded inputs are its keys: checked on the first and the last of them
 * (two comparisons on every explanation; a full comparison would cost more than the literal saves).
 * Every path of the engine that records a shape's first and last key at those places records all
 * of its keys in between: the tests check every literal against the inputs recorded one by one
 * (checkLiteralRecords) on random calculations, and fail on a path where this does not hold.
 */
export function matchingShape(shape: InputShape | undefined, log: InputLog): InputShape | undefined {
  if (shape === undefined) return undefined;
  const last = shape.keys.length - 1;
  return log.length > 2 * last && log[0] === shape.keys[0] && log[2 * last] === shape.keys[last]
    ? shape
    : undefined;
}
