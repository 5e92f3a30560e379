import {
  EuroStandard,
  FuelType,
  LANGUAGES,
  ProfileStatus,
  parseEnum,
  parseViewOptions,
  Region,
  RegistrationOn,
  VIEW_OPTIONS_ACCEPTED,
} from "../core/enums";
import type { CalculationInput, CarDetailInput, TaxpayerProfile } from "./calculation-input";
import type { InputIssue } from "./validate-input";

/** An enumeration field as callers may give it: the name or the number (docs/contract.md). */
export type EnumInput<E extends Readonly<Record<string, number>>> = keyof E | E[keyof E];

/** CarDetailInput with enumerations by name or number, as JSON gives them. */
export type CarDetailInputLike = Omit<CarDetailInput, "fuel" | "euroStandard"> & {
  readonly fuel: EnumInput<typeof FuelType>;
  readonly euroStandard: EnumInput<typeof EuroStandard>;
};

/** TaxpayerProfile with enumerations by name or number, as JSON gives them. */
export type TaxpayerProfileLike = Omit<TaxpayerProfile, "status" | "registrationOn" | "region"> & {
  readonly status: EnumInput<typeof ProfileStatus>;
  readonly registrationOn: EnumInput<typeof RegistrationOn>;
  readonly region: EnumInput<typeof Region>;
};

/**
 * What `calculate` accepts: CalculationInput with enumerations by name or number, and `viewOptions`
 * as the bitmask, a flag name or flags joined by commas (`"RoadTax, BenefitInKind"`).
 */
export type CalculationInputLike = Omit<CalculationInput, "car" | "profile" | "viewOptions"> & {
  readonly car: CarDetailInputLike;
  readonly profile: TaxpayerProfileLike;
  readonly viewOptions?: number | string;
};

export type NormalizedInput =
  | { readonly ok: true; readonly input: CalculationInput }
  | { readonly ok: false; readonly issues: InputIssue[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const allowed = (e: Readonly<Record<string, number>>) =>
  Object.entries(e)
    .map(([name, value]) => `${name} (${value})`)
    .join(", ");

const REQUIRED_CAR_NUMBERS = ["catalogPrice", "kilowatt", "nedC2"] as const;
const OPTIONAL_CAR_NUMBERS = [
  "wltp",
  "capacity",
  "weight",
  "batteryCapacity",
  "nedC2NonHybrid",
  "wltpNonHybrid",
] as const;
// Field names as issues give them, built once (this runs on every calculation).
const CAR_FIELD = Object.fromEntries(
  [...REQUIRED_CAR_NUMBERS, ...OPTIONAL_CAR_NUMBERS].map((f) => [f, `carDetail.${f}`]),
) as Record<(typeof REQUIRED_CAR_NUMBERS)[number] | (typeof OPTIONAL_CAR_NUMBERS)[number], string>;
const OBJECTS = [
  ["car", "carDetail"],
  ["profile", "userProfile"],
  ["options", "options"],
] as const;

/** Collects issues; allocates nothing until the first one. */
class Issues {
  list: InputIssue[] | undefined;
  add(field: string, rule: string, message: string): void {
    if (!this.list) this.list = [];
    this.list.push({ field, rule, message });
  }
  enumField<E extends Readonly<Record<string, number>>>(field: string, value: unknown, e: E) {
    if (value === undefined || value === null) {
      this.add(field, "required", `${field} is required`);
      return undefined;
    }
    const name = parseEnum(e, value);
    if (name === undefined) this.add(field, "enum", `${field} must be one of ${allowed(e)}`);
    return name;
  }
  number(field: string, value: unknown, required: boolean): void {
    if (value === undefined || value === null) {
      if (required) this.add(field, "required", `${field} is required`);
    } else if (typeof value !== "number" || !Number.isFinite(value)) {
      this.add(field, "type", `${field} must be a number`);
    }
  }
  optional(field: string, value: unknown, type: "boolean" | "string"): void {
    if (value !== undefined && value !== null && typeof value !== type)
      this.add(field, "type", `${field} must be a ${type}`);
  }
}

/**
 * Checks, at run time, what the types promise (input parsed from JSON is not checked by the
 * compiler): objects where objects are expected, enumerations by name or number (turned into
 * names), numbers that are numbers, dates that are strings, booleans. Field names are those of the
 * HTTP body (`carDetail.fuel`, `userProfile.regionRegistration`, `options.registrationDate`), so
 * issues read the same in the engine, the CLI and the service. Ranges and the rules that involve
 * several fields come after, in validateCalculationInput. An input that needs no change (names
 * already, no nulls to drop) is answered as it is, without copies.
 */
export function normalizeCalculationInput(raw: unknown): NormalizedInput {
  const issues = new Issues();
  if (!isObject(raw)) {
    issues.add("(input)", "type", "the input must be an object with car, profile and options");
    return { ok: false, issues: issues.list ?? [] };
  }
  const car = raw.car;
  const profile = raw.profile;
  const options = raw.options;
  if (!isObject(car) || !isObject(profile) || !isObject(options)) {
    for (const [name, field] of OBJECTS) {
      const value = raw[name];
      if (value === undefined || value === null)
        issues.add(field, "required", `${field} (${name}) is required`);
      else if (!isObject(value)) issues.add(field, "type", `${field} (${name}) must be an object`);
    }
    return { ok: false, issues: issues.list ?? [] };
  }

  const fuel = issues.enumField("carDetail.fuel", car.fuel, FuelType);
  const euroStandard = issues.enumField("carDetail.euroStandard", car.euroStandard, EuroStandard);
  const status = issues.enumField("userProfile.status", profile.status, ProfileStatus);
  const registrationOn = issues.enumField(
    "userProfile.registrationOn",
    profile.registrationOn,
    RegistrationOn,
  );
  const region = issues.enumField("userProfile.regionRegistration", profile.region, Region);
  for (const field of REQUIRED_CAR_NUMBERS) issues.number(CAR_FIELD[field], car[field], true);
  for (const field of OPTIONAL_CAR_NUMBERS) issues.number(CAR_FIELD[field], car[field], false);
  issues.number("userProfile.postalCode", profile.postalCode, false);
  issues.number("options.totalDiscount", options.totalDiscount, false);
  issues.number("options.ownMonthlyCost", options.ownMonthlyCost, false);
  issues.optional("carDetail.firstRegistration", car.firstRegistration, "string");
  issues.optional("carDetail.euro6eBis", car.euro6eBis, "boolean");
  issues.optional("carDetail.oldtimerPlate", car.oldtimerPlate, "boolean");
  issues.optional("userProfile.hasFuelCard", profile.hasFuelCard, "boolean");
  issues.optional("options.orderDate", options.orderDate, "string");
  if (typeof options.registrationDate !== "string") {
    issues.add(
      "options.registrationDate",
      options.registrationDate == null ? "required" : "type",
      "options.registrationDate must be a date as yyyy-MM-dd",
    );
  }
  if (
    profile.language !== undefined &&
    profile.language !== null &&
    !(LANGUAGES as readonly unknown[]).includes(profile.language)
  ) {
    issues.add("userProfile.language", "enum", `userProfile.language must be one of ${LANGUAGES.join(", ")}`);
  }
  const viewOptions = raw.viewOptions;
  const mask = viewOptions == null ? viewOptions : parseViewOptions(viewOptions);
  if (mask === undefined && viewOptions !== undefined) {
    issues.add(
      "userProfile.viewOptions",
      "enum",
      `userProfile.viewOptions must be a ViewOptions bitmask, a flag name or flags joined by commas: ${VIEW_OPTIONS_ACCEPTED}`,
    );
  }
  if (issues.list || !fuel || !euroStandard || !status || !registrationOn || !region)
    return { ok: false, issues: issues.list ?? [] };
  const sameCar = car.fuel === fuel && car.euroStandard === euroStandard;
  const sameProfile =
    profile.status === status &&
    profile.registrationOn === registrationOn &&
    profile.region === region &&
    profile.language !== null;
  const sameViewOptions = viewOptions === undefined || viewOptions === mask;
  if (sameCar && sameProfile && sameViewOptions)
    return { ok: true, input: raw as unknown as CalculationInput };
  return {
    ok: true,
    input: {
      ...(raw as unknown as CalculationInput),
      car: sameCar
        ? (car as unknown as CarDetailInput)
        : { ...(car as unknown as CarDetailInput), fuel, euroStandard },
      profile: sameProfile
        ? (profile as unknown as TaxpayerProfile)
        : {
            ...(profile as unknown as TaxpayerProfile),
            status,
            registrationOn,
            region,
            ...(profile.language == null ? { language: undefined } : {}),
          },
      ...(sameViewOptions ? {} : { viewOptions: mask ?? undefined }),
    },
  };
}
