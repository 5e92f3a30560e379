import type { CalculationInput, CarDetailInput, TaxpayerProfile } from "./calculation-input";
import { EuroStandard, FuelType, LANGUAGES, ProfileStatus, parseEnum, Region, RegistrationOn } from "./enums";
import type { InputIssue } from "./validate-input";

/** An enumeration field as callers may give it: the name or the number (interface spec). */
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

/** What `calculate` accepts: CalculationInput with enumerations by name or number. */
export type CalculationInputLike = Omit<CalculationInput, "car" | "profile"> & {
  readonly car: CarDetailInputLike;
  readonly profile: TaxpayerProfileLike;
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

/**
 * Checks, at run time, what the types promise (input parsed from JSON is not checked by the
 * compiler): objects where objects are expected, enumerations by name or number (turned into
 * names), numbers that are numbers, dates that are strings, booleans. Field names are those of the
 * HTTP body (`carDetail.fuel`, `userProfile.regionRegistration`, `options.registrationDate`), so
 * issues read the same in the engine, the CLI and the service. Ranges and the rules that involve
 * several fields come after, in validateCalculationInput.
 */
export function normalizeCalculationInput(raw: unknown): NormalizedInput {
  const issues: InputIssue[] = [];
  const issue = (field: string, rule: string, message: string) => issues.push({ field, rule, message });
  if (!isObject(raw)) {
    issue("(input)", "type", "the input must be an object with car, profile and options");
    return { ok: false, issues };
  }
  const car = raw.car;
  const profile = raw.profile;
  const options = raw.options;
  for (const [name, value, field] of [
    ["car", car, "carDetail"],
    ["profile", profile, "userProfile"],
    ["options", options, "options"],
  ] as const) {
    if (value === undefined || value === null) issue(field, "required", `${field} (${name}) is required`);
    else if (!isObject(value)) issue(field, "type", `${field} (${name}) must be an object`);
  }
  if (!isObject(car) || !isObject(profile) || !isObject(options)) return { ok: false, issues };

  const enumField = <E extends Readonly<Record<string, number>>>(field: string, value: unknown, e: E) => {
    if (value === undefined || value === null) {
      issue(field, "required", `${field} is required`);
      return undefined;
    }
    const name = parseEnum(e, value);
    if (name === undefined) issue(field, "enum", `${field} must be one of ${allowed(e)}`);
    return name;
  };
  const number = (field: string, value: unknown, required: boolean) => {
    if (value === undefined || value === null) {
      if (required) issue(field, "required", `${field} is required`);
    } else if (typeof value !== "number" || !Number.isFinite(value)) {
      issue(field, "type", `${field} must be a number`);
    }
  };
  const optional = (field: string, value: unknown, type: "boolean" | "string") => {
    if (value !== undefined && value !== null && typeof value !== type)
      issue(field, "type", `${field} must be a ${type}`);
  };

  const fuel = enumField("carDetail.fuel", car.fuel, FuelType);
  const euroStandard = enumField("carDetail.euroStandard", car.euroStandard, EuroStandard);
  const status = enumField("userProfile.status", profile.status, ProfileStatus);
  const registrationOn = enumField("userProfile.registrationOn", profile.registrationOn, RegistrationOn);
  const region = enumField("userProfile.regionRegistration", profile.region, Region);
  for (const field of ["catalogPrice", "kilowatt", "nedC2"] as const)
    number(`carDetail.${field}`, car[field], true);
  for (const field of [
    "wltp",
    "capacity",
    "weight",
    "batteryCapacity",
    "nedC2NonHybrid",
    "wltpNonHybrid",
  ] as const) {
    number(`carDetail.${field}`, car[field], false);
  }
  number("userProfile.postalCode", profile.postalCode, false);
  number("options.totalDiscount", options.totalDiscount, false);
  number("options.ownMonthlyCost", options.ownMonthlyCost, false);
  optional("carDetail.firstRegistration", car.firstRegistration, "string");
  optional("carDetail.euro6eBis", car.euro6eBis, "boolean");
  optional("userProfile.hasFuelCard", profile.hasFuelCard, "boolean");
  optional("options.orderDate", options.orderDate, "string");
  if (typeof options.registrationDate !== "string") {
    issue(
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
    issue("userProfile.language", "enum", `userProfile.language must be one of ${LANGUAGES.join(", ")}`);
  }
  const viewOptions = raw.viewOptions;
  if (viewOptions !== undefined && viewOptions !== null) {
    if (
      typeof viewOptions !== "number" ||
      !Number.isInteger(viewOptions) ||
      viewOptions < 0 ||
      viewOptions > 0x7fffffff
    ) {
      issue("userProfile.viewOptions", "type", "viewOptions must be a whole number (a ViewOptions bitmask)");
    }
  }
  if (issues.length > 0 || !fuel || !euroStandard || !status || !registrationOn || !region)
    return { ok: false, issues };
  return {
    ok: true,
    input: {
      ...(raw as unknown as CalculationInput),
      car: { ...(car as unknown as CarDetailInput), fuel, euroStandard },
      profile: {
        ...(profile as unknown as TaxpayerProfile),
        status,
        registrationOn,
        region,
        ...(profile.language == null ? { language: undefined } : {}),
      },
      ...(viewOptions == null ? { viewOptions: undefined } : {}),
    },
  };
}
