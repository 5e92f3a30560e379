import {
  CAR_DETAIL_LIMITS,
  EuroStandard,
  FIRST_REGISTRATION_RANGE,
  FuelType,
  ORDER_DATE_RANGE,
  PROJECTION_YEARS,
  ProfileStatus,
  REGISTRATION_DATE_RANGE,
  Region,
  RegistrationOn,
} from "@cartax/engine";
import type { CarDetailField } from "@cartax/schemas";
import { readTypedNumber } from "./number-entry";

/**
 * The simulator's inputs: the fields of a Calculate body (docs/contract.md, CarDetail, UserProfile,
 * CalculationOptions) and the holding period of a Projection, each with the range the engine
 * accepts (its own constants, never re-typed). The server renders the form from this list, and the
 * browser program reads it back with it: both sides agree on every name, unit and bound.
 */
export type FieldKind = "number" | "date" | "choice" | "yesNo";

export interface SimulatorField {
  /** The form control's name and the query parameter that holds it in a shared link. */
  readonly name: string;
  /** Where the value goes in the Calculate body. */
  readonly group: "carDetail" | "userProfile" | "options" | "projection";
  readonly kind: FieldKind;
  readonly optional: boolean;
  readonly min?: number | string;
  readonly max?: number | string;
  /** Steps a number may take (1: whole numbers). */
  readonly step?: number;
  readonly choices?: readonly string[];
  /**
   * The values a car usually has, inside the engine's range: a value outside is computed but
   * flagged before the answer ("40" typed for forty thousand euros is a catalogue price of 40 €).
   */
  readonly plausible?: { readonly min?: number; readonly max?: number };
}

const L = CAR_DETAIL_LIMITS;
const co2 = { kind: "number", min: 0, max: L.maxCo2, step: 1, plausible: { max: 500 } } as const;

/** A form control's description, without the name and group its place in a list gives it. */
type FieldInput = Omit<SimulatorField, "name" | "group">;

/**
 * The car's inputs, keyed by the one CarDetail field list of @cartax/schemas (`CarDetailField`,
 * the type of `CAR_DETAIL_FIELDS`; a type only, so the browser program carries no zod): a name that
 * is not a CarDetail field does not compile. In the form's order, which is not the contract's.
 */
const CAR_INPUTS: { readonly [F in CarDetailField]?: FieldInput } = {
  catalogPrice: {
    kind: "number",
    optional: false,
    min: 0,
    max: L.maxCatalogPrice,
    plausible: { min: 1_000, max: 2_000_000 },
  },
  fuel: { kind: "choice", optional: false, choices: Object.keys(FuelType) },
  euroStandard: { kind: "choice", optional: false, choices: Object.keys(EuroStandard) },
  kilowatt: {
    kind: "number",
    optional: false,
    min: 0,
    max: L.maxKilowatt,
    plausible: { min: 5, max: 1_000 },
  },
  wltp: { optional: true, ...co2 },
  nedC2: { optional: false, ...co2 },
  firstRegistration: {
    kind: "date",
    optional: true,
    min: FIRST_REGISTRATION_RANGE.from,
    max: FIRST_REGISTRATION_RANGE.to,
  },
  capacity: {
    kind: "number",
    optional: true,
    min: 1,
    max: L.maxCapacity,
    step: 1,
    plausible: { min: 50, max: 10_000 },
  },
  weight: {
    kind: "number",
    optional: true,
    min: 1,
    max: L.maxWeight,
    step: 1,
    plausible: { min: 400, max: 5_000 },
  },
  batteryCapacity: {
    kind: "number",
    optional: true,
    min: 0,
    max: L.maxBatteryKwh,
    plausible: { max: 250 },
  },
  wltpNonHybrid: { optional: true, ...co2 },
  nedC2NonHybrid: { optional: true, ...co2 },
  euro6eBis: { kind: "yesNo", optional: true },
  oldtimerPlate: { kind: "yesNo", optional: true },
};

/** The car's fields of the form, from CAR_INPUTS. */
export const SIMULATOR_CAR_FIELDS: readonly SimulatorField[] = Object.entries(CAR_INPUTS).map(
  ([name, input]) => ({ name, group: "carDetail", ...input }),
);

export const SIMULATOR_FIELDS: readonly SimulatorField[] = [
  ...SIMULATOR_CAR_FIELDS,
  {
    name: "status",
    group: "userProfile",
    kind: "choice",
    optional: false,
    choices: Object.keys(ProfileStatus),
  },
  {
    name: "registrationOn",
    group: "userProfile",
    kind: "choice",
    optional: false,
    choices: Object.keys(RegistrationOn),
  },
  {
    name: "regionRegistration",
    group: "userProfile",
    kind: "choice",
    optional: false,
    choices: Object.keys(Region),
  },
  {
    name: "postalCode",
    group: "userProfile",
    kind: "number",
    optional: false,
    min: 1000,
    max: 9992,
    step: 1,
  },
  { name: "hasFuelCard", group: "userProfile", kind: "yesNo", optional: true },
  {
    name: "registrationDate",
    group: "options",
    kind: "date",
    optional: false,
    min: REGISTRATION_DATE_RANGE.from,
    max: REGISTRATION_DATE_RANGE.to,
  },
  {
    name: "orderDate",
    group: "options",
    kind: "date",
    optional: true,
    min: ORDER_DATE_RANGE.from,
    max: ORDER_DATE_RANGE.to,
  },
  {
    name: "ownMonthlyCost",
    group: "options",
    kind: "number",
    optional: true,
    min: 0,
    max: L.maxOwnMonthlyCost,
  },
  {
    name: "years",
    group: "projection",
    kind: "number",
    optional: false,
    min: PROJECTION_YEARS.min,
    max: PROJECTION_YEARS.max,
    step: 1,
  },
];

/** What the form holds when nobody has typed yet: a petrol car registered in Flanders this year. */
export const SIMULATOR_DEFAULTS: Readonly<Record<string, string>> = {
  catalogPrice: "40000",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: "110",
  wltp: "130",
  nedC2: "0",
  firstRegistration: "2026-01-15",
  capacity: "1498",
  status: "SelfEmployed",
  registrationOn: "CompanyRegistration",
  regionRegistration: "Flanders",
  postalCode: "9000",
  registrationDate: "2026-01-15",
  years: String(PROJECTION_YEARS.default),
};

/** A field that failed its range or kind: the form names it (a missing required value, a bad number). */
export interface FieldProblem {
  readonly name: string;
  readonly rule: "required" | "number" | "whole" | "range" | "date";
  /** The engine's own sentence, for a rule between several fields (docs/contract.md). */
  readonly message?: string;
}

/** A value within the engine's range but outside what a car usually has: computed, and flagged first. */
export interface FieldWarning {
  readonly name: string;
  /** The value as read (so "40.000" read as 40 would show). */
  readonly value: number;
  readonly plausible: { readonly min?: number; readonly max?: number };
}

/** A Calculate body (docs/contract.md) and a Projection's years, or the fields that stop one. */
export type FormReading =
  | {
      readonly ok: true;
      readonly body: {
        readonly carDetail: Record<string, unknown>;
        readonly userProfile: Record<string, unknown>;
        readonly options: Record<string, unknown>;
      };
      readonly years: number;
      readonly warnings: readonly FieldWarning[];
    }
  | { readonly ok: false; readonly problems: readonly FieldProblem[] };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Calculate body of the form's values (strings, as a form and a query string hold them): empty
 * optional fields are left out, yes/no fields are sent only when yes. The language of the lines is
 * the page's.
 */
export function readForm(
  values: Readonly<Record<string, string | undefined>>,
  language: string,
): FormReading {
  const body = {
    carDetail: {} as Record<string, unknown>,
    userProfile: {} as Record<string, unknown>,
    options: {} as Record<string, unknown>,
  };
  const problems: FieldProblem[] = [];
  const warnings: FieldWarning[] = [];
  let years: number = PROJECTION_YEARS.default;
  for (const field of SIMULATOR_FIELDS) {
    const raw = (values[field.name] ?? "").trim();
    if (raw === "") {
      if (!field.optional) problems.push({ name: field.name, rule: "required" });
      continue;
    }
    let value: unknown = raw;
    if (field.kind === "number") {
      const number = readTypedNumber(raw);
      if (number === null) {
        problems.push({ name: field.name, rule: "number" });
        continue;
      }
      if (field.step === 1 && !Number.isInteger(number)) {
        problems.push({ name: field.name, rule: "whole" });
        continue;
      }
      if (number < Number(field.min) || number > Number(field.max)) {
        problems.push({ name: field.name, rule: "range" });
        continue;
      }
      const usual = field.plausible;
      if (
        usual &&
        ((usual.min !== undefined && number < usual.min) || (usual.max !== undefined && number > usual.max))
      )
        warnings.push({ name: field.name, value: number, plausible: usual });
      value = number;
    } else if (field.kind === "date") {
      if (!ISO_DATE.test(raw)) {
        problems.push({ name: field.name, rule: "date" });
        continue;
      }
      if (raw < String(field.min) || raw > String(field.max)) {
        problems.push({ name: field.name, rule: "range" });
        continue;
      }
    } else if (field.kind === "yesNo") {
      if (raw !== "true") continue;
      value = true;
    } else if (field.kind === "choice" && !field.choices?.includes(raw)) {
      problems.push({ name: field.name, rule: "required" });
      continue;
    }
    if (field.group === "projection") years = value as number;
    else body[field.group][field.name] = value;
  }
  if (problems.length > 0) return { ok: false, problems };
  body.userProfile.language = language;
  return { ok: true, body, years, warnings };
}

/** The query string of a shared link: every field that holds a value, in the list's order. */
export function queryOfValues(values: Readonly<Record<string, string | undefined>>): string {
  const query = new URLSearchParams();
  for (const field of SIMULATOR_FIELDS) {
    const value = (values[field.name] ?? "").trim();
    if (value !== "" && !(field.kind === "yesNo" && value !== "true")) query.set(field.name, value);
  }
  return query.toString();
}

/** The form's values from a shared link: the defaults when the link holds none, else its values alone. */
export function valuesOfQuery(query: URLSearchParams): Record<string, string> {
  const known = SIMULATOR_FIELDS.filter((field) => query.has(field.name));
  if (known.length === 0) return { ...SIMULATOR_DEFAULTS };
  const values: Record<string, string> = {};
  for (const field of known) values[field.name] = query.get(field.name) ?? "";
  return values;
}
