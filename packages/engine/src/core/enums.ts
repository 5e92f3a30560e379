/**
 * The enumerations of the contract (docs/contract.md). Each is an object from name to numeric value; on input
 * either form is accepted, in results the name is used.
 */

export const FuelType = {
  Diesel: 10,
  Petrol: 20,
  LPG: 25,
  NaturalGas: 30,
  PluginHybridDiesel: 40,
  PluginHybridPetrol: 50,
  HybridPetrol: 60,
  HybridDiesel: 70,
  Electric: 80,
  HydrogenPetrol: 90,
  Hydrogen: 100,
} as const;
export type FuelType = keyof typeof FuelType;

/** The EuroStandard enumeration of the contract (docs/contract.md): name → number. */
export const EuroStandard = {
  NA: 0,
  Euro0: 10,
  Euro1: 20,
  Euro2: 30,
  Euro3: 40,
  Euro3Filter: 45,
  Euro4: 50,
  Euro4Filter: 55,
  Euro5: 60,
  Euro6: 70,
  Euro7: 80,
} as const;
export type EuroStandard = keyof typeof EuroStandard;

/** Entity type of the taxpayer. */
export const ProfileStatus = {
  Private: 10,
  SoleProprietor: 20,
  SelfEmployed: 30,
} as const;
export type ProfileStatus = keyof typeof ProfileStatus;

/** Who the vehicle is registered to. */
export const RegistrationOn = {
  PrivateRegistration: 10,
  CompanyRegistration: 20,
  LeasingCompanyRegistration: 30,
} as const;
export type RegistrationOn = keyof typeof RegistrationOn;

/** The Region enumeration of the contract (docs/contract.md): name → number. */
export const Region = {
  Flanders: 0,
  Wallonia: 1,
  Brussels: 2,
} as const;
export type Region = keyof typeof Region;

/** Bitmask flags of the calculators (ViewOptions); 63 runs all. */
export const ViewOption = {
  RoadTax: 1,
  YearlyTax: 2,
  BenefitInKind: 4,
  FiscalDeduction: 8,
  RejectedExpenses: 16,
  CO2Contribution: 32,
} as const;
/** A calculator by its ViewOptions name (`RoadTax`, `YearlyTax`, `BenefitInKind`, `FiscalDeduction`, `RejectedExpenses`, `CO2Contribution`). */
export type Calculator = keyof typeof ViewOption;

/** Every calculator, in the order lines are returned. */
export const CALCULATORS: readonly Calculator[] = Object.keys(ViewOption) as Calculator[];
/** The ViewOptions bitmask of every calculator (63): what `calculate` runs when `viewOptions` is absent. */
export const ALL_VIEW_OPTIONS = CALCULATORS.reduce((mask, c) => mask | ViewOption[c], 0);

const MAX_VIEW_OPTIONS = 0x7fffffff;

/** The accepted forms of ViewOptions, for messages: every flag with its value. */
export const VIEW_OPTIONS_ACCEPTED = CALCULATORS.map((c) => `${c} (${ViewOption[c]})`).join(", ");

/**
 * A ViewOptions value as callers may give it (docs/contract.md, Enumerations: the number or the
 * name): the bitmask number, a flag name, or flags joined by commas as .NET writes a flags
 * enumeration (`"RoadTax, BenefitInKind"`; names or numbers). Returns the bitmask, or undefined
 * when any part is neither a flag name nor a whole number, or when it sets a bit of no calculator.
 */
export function parseViewOptions(value: unknown): number | undefined {
  const mask = viewOptionsMask(value);
  // A bit beyond the six calculators (64, 128, …), alone or with known bits, names no calculator:
  // refused like an unknown name, rather than answered with fewer lines than asked for.
  return mask !== undefined && (mask & ~ALL_VIEW_OPTIONS) === 0 ? mask : undefined;
}

function viewOptionsMask(value: unknown): number | undefined {
  if (typeof value === "number")
    return Number.isInteger(value) && value >= 0 && value <= MAX_VIEW_OPTIONS ? value : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  let mask = 0;
  for (const part of value.split(",")) {
    const item = part.trim();
    if (/^\d+$/.test(item)) {
      const n = Number(item);
      if (n > MAX_VIEW_OPTIONS) return undefined;
      mask |= n;
    } else if (Object.hasOwn(ViewOption, item)) {
      mask |= ViewOption[item as Calculator];
    } else {
      return undefined;
    }
  }
  return mask;
}

/** The languages of result texts: Dutch, French and English. */
export const LANGUAGES = ["nl", "fr", "en"] as const;
/** A language of result texts (`nl`, `fr` or `en`). */
export type Language = (typeof LANGUAGES)[number];

type EnumObject = Readonly<Record<string, number>>;

/** Names of an enumeration in declaration order. */
export function enumNames<E extends EnumObject>(enumeration: E): (keyof E & string)[] {
  if (typeof enumeration !== "object" || enumeration === null) return [];
  return Object.keys(enumeration) as (keyof E & string)[];
}

/**
 * Reads an enumeration value given as its name or its number (also a numeric string, as query
 * strings carry them). Returns undefined when it is neither.
 */
export function parseEnum<E extends EnumObject>(
  enumeration: E,
  input: unknown,
): (keyof E & string) | undefined {
  if (typeof enumeration !== "object" || enumeration === null) return undefined;
  if (typeof input === "string") {
    if (Object.hasOwn(enumeration, input)) return input as keyof E & string;
    // Digits only: no enumeration has a negative value, and "-0" would read as 0.
    if (!/^\d+$/.test(input.trim())) return undefined;
    return parseEnum(enumeration, Number(input));
  }
  if (typeof input === "number" && Number.isInteger(input)) {
    for (const name of Object.keys(enumeration)) {
      if (enumeration[name] === input) return name as keyof E & string;
    }
  }
  return undefined;
}
