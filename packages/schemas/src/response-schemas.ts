import {
  CALCULATORS,
  CAR_DETAIL_LIMITS,
  EuroStandard,
  enumNames,
  FuelType,
  ProfileStatus,
  Region,
  RegistrationOn,
} from "@cartax/engine";
import { z } from "zod";
import type { CarDetailField } from "./car-detail-schema";

/**
 * Schemas of what the service answers (names for enumerations, docs/contract.md). They document the
 * responses in the OpenAPI document; requests are validated by the request schemas.
 */
const names = <E extends Readonly<Record<string, number>>>(e: E) => openEnum(enumNames(e));

/**
 * An enumeration of a response, documented as open: a string whose known values are listed
 * (`x-extensible-enum`), since values may be added within v1 (a new region, a new calculator) and a
 * generated client must not refuse an answer because of one.
 */
export function openEnum(known: readonly string[]) {
  return z.string().meta({
    "x-extensible-enum": [...known],
    description: `Known values: ${known.join(", ")}. Others may appear within v1; treat an unknown value as such, not as an error.`,
    examples: [known[0]],
  });
}

/** One invalid field: JSON path, the rule it broke, and a sentence. */
export const fieldErrorSchema = z
  .object({
    field: z.string().describe("Dotted path of the offending field."),
    rule: z
      .string()
      .describe(
        "The rule it broke: required, type, min, max, enum, format, date, uuid, oneOf, requiredFrom2021, requiredForFuel, range or notAfterRegistration.",
      ),
    message: z.string(),
  })
  .meta({ id: "FieldError" });

const L = CAR_DETAIL_LIMITS;

/**
 * A CarDetail as returned on read: every field of the one list (`CAR_DETAIL_FIELDS`), each in the
 * form a read gives it; the type check refuses a field missing or one more.
 */
export const carDetailResponseSchema = z
  .object({
    id: z.guid().meta({ readOnly: true }),
    ownerId: z.uuid().meta({ readOnly: true }),
    name: z.string().max(L.maxNameLength).nullable(),
    internalName: z.string().max(L.maxNameLength).nullable(),
    catalogPrice: z.number().min(0).max(L.maxCatalogPrice).describe("Catalog price excluding VAT, in euros."),
    firstRegistration: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T00:00:00$/)
      .nullable()
      .describe("Date of first registration as a date-time with a zero time part (yyyy-MM-ddT00:00:00)."),
    fuel: names(FuelType),
    euroStandard: names(EuroStandard),
    kilowatt: z.number(),
    wltp: z.number().int().nullable(),
    nedC2: z.number().int(),
    capacity: z.number().int().nullable(),
    weight: z.number().int().nullable(),
    batteryCapacity: z.number().nullable(),
    nedC2NonHybrid: z.number().int().nullable(),
    wltpNonHybrid: z.number().int().nullable(),
    isActive: z.boolean(),
    euro6eBis: z
      .boolean()
      .nullable()
      .describe("Extension: whether the certificate states Euro 6e-bis; null when inferred from the dates."),
    oldtimerPlate: z
      .boolean()
      .nullable()
      .describe(
        "Extension: registered under an oldtimer (O) plate; Wallonia gives its flat road tax and registration tax of cars over 30 years registered from 1 January 2022 only to such cars. null when not stated (no).",
      ),
  } satisfies Record<CarDetailField, z.ZodType>)
  .meta({ id: "CarDetail" });

/** A parameter a line used, linked to its entry in the rule book (not in the spec). */
export const lineParameterSchema = z
  .object({
    name: z.string().describe("The parameter's name in the calculator's formula."),
    value: z.union([z.number(), z.string()]),
    unit: z.string(),
    provisional: z.boolean(),
    parameter: z
      .string()
      .nullable()
      .describe(
        "The registered parameter's id (`cartax rules export`); null for a constant not in the registry.",
      ),
    ruleBookUrl: z
      .string()
      .nullable()
      .describe(
        "Absolute address of the parameter's entry in the rule book (`/rules/<region>/<tax>/<parameter>`, which redirects to the entry's anchor); null when the book has no entry for it.",
      ),
  })
  .meta({ id: "LineParameter" });

/**
 * A line of a calculation (docs/contract.md, CalculationLine, plus `outcome`, `provisional` and, in
 * the service's answers, `parameters`).
 */
export const calculationLineSchema = z
  .object({
    name: z.string(),
    description: z
      .string()
      .nullable()
      .describe(
        "How the figure was reached, in the request's language: the main values of the formula (e.g. for the benefit in kind: catalogue value, age coefficient, CO2 and its percentage, yearly minimum), then remarks. Set on every line of this service; nullable as in the contract.",
      ),
    viewOption: openEnum(CALCULATORS),
    value: z
      .string()
      .describe("Formatted amount followed by a currency sign (a percentage for FiscalDeduction)."),
    rawValue: z
      .number()
      .describe("The figure: never a placeholder (lines without a figure are in `unavailableLines`)."),
    year: z.number().int(),
    url: z.string().nullable(),
    hasUrl: z.boolean(),
    outcome: openEnum(["amount", "exempt"]).describe(
      "`amount`: the tax applies and rawValue holds it; `exempt`: an exemption makes it a true zero.",
    ),
    provisional: z.boolean(),
    assumedRulesYear: z
      .number()
      .int()
      .optional()
      .describe(
        "Only in POST /v1/Projection and /v1/Compare with options.assumeLatestRules, on a line that read a parameter not yet published for its dates: the oldest year whose published value it carried (an estimate; the description says so and the line is provisional). `assumedParameters` names each carried parameter.",
      ),
    assumedParameters: z
      .array(
        z.object({
          parameter: z
            .string()
            .describe("The parameter's id (its rule-book address, e.g. `co2Contribution.healthIndex`)."),
          carriedFrom: z
            .string()
            .describe("The first day of the published row whose value was carried (yyyy-MM-dd)."),
          publishedUntil: z.string().describe("The last day of that row: nothing is published after it."),
        }),
      )
      .optional()
      .describe(
        "With `assumedRulesYear`: every parameter the figure read past its last published row, each from that row. Every other parameter is the row in force on the line's dates (a legislated future value is used as written).",
      ),
    parameters: z
      .array(lineParameterSchema)
      .optional()
      .describe(
        "Extension (beyond the spec): the parameters of the law the line used, from its explanation, each with its rule-book address. Only on request: `include=parameters` on POST /v1/Calculate (and its batch), /v1/Projection and /v1/Compare (and then in the saved record); absent from the default, lean answer. `cartax calc --json` leaves it out.",
      ),
  })
  .meta({ id: "CalculationLine" });

/** Why a calculator and year has no figure (docs/contract.md, "Lines without a figure"). */
export const outcomeWithoutFigureSchema = openEnum([
  "missingInput",
  "notApplicable",
  "rulesNotAvailable",
]).describe(
  "`missingInput`: the tax applies but an input its formula needs is missing (`missingFields` names it); `notApplicable`: the tax does not concern this taxpayer (e.g. benefit in kind of a private person); `rulesNotAvailable`: the rules of that year are not published yet.",
);

/** A calculator and year without a figure: no value and no rawValue, so it is never read as zero. */
export const unavailableLineSchema = z
  .object({
    name: z.string().describe("Display name of the calculation, localised."),
    viewOption: openEnum(CALCULATORS),
    year: z.number().int(),
    outcome: outcomeWithoutFigureSchema,
    missingFields: z
      .array(z.string())
      .optional()
      .describe(
        "With outcome missingInput only: the fields to give, as the request names them (e.g. `weight`).",
      ),
    missingParameters: z
      .array(z.string())
      .optional()
      .describe(
        "With outcome rulesNotAvailable, when known: the ids of the parameters not yet published for the line's dates (the reason names them in the request's language).",
      ),
    reason: z.string().describe("Why there is no figure, localised."),
    url: z.string().nullable().describe("The law of the tax, when available."),
    hasUrl: z.boolean(),
  })
  .meta({ id: "UnavailableLine" });

export const calculationResultSchema = z
  .object({
    calculationId: z.uuid(),
    lines: z
      .array(calculationLineSchema)
      .describe(
        "One line per requested calculator and year that has a figure: an amount, or the true zero of an exemption. A calculator and year without a figure is not a line.",
      ),
    unavailableLines: z
      .array(unavailableLineSchema)
      .describe(
        "Extension: the requested calculators and years that have no figure, each with its outcome and localised reason (missing input, not applicable, rules not published). Never a zero.",
      ),
  })
  .meta({ id: "CalculationResult" });

/** The audit record of a calculation (GET /v1/Calculations/{calculationId}; not in the spec). */
export const calculationRecordSchema = z
  .object({
    calculationId: z.uuid(),
    createdAt: z.string().describe("When the calculation was made (ISO 8601, UTC)."),
    rulesVersion: z.string().describe("Version of the engine's rule tables that produced the result."),
    engineVersion: z
      .string()
      .nullable()
      .describe(
        "Version of @cartax/engine that computed the result; null for records made before the compressed audit records (28 November 2026), which did not keep it.",
      ),
    subscriptionId: z.uuid(),
    version: z.string().nullable().describe("The request's client version tag."),
    request: z
      .unknown()
      .describe(
        "The CalculationRequest as received (its JSON text, white space included, for records made since then).",
      ),
    result: calculationResultSchema.describe(
      "The CalculationResult byte for byte as it was sent: lean, or with each line's `parameters` when the call asked for them (`include=parameters`).",
    ),
  })
  .meta({ id: "CalculationRecord" });

export const taxMatrixResultSchema = z
  .object({
    carDetailId: z.guid(),
    registrationDate: z.string().describe("The registration date the matrix was computed for (yyyy-MM-dd)."),
    carDetailIssues: z
      .array(fieldErrorSchema)
      .optional()
      .describe(
        "Present when the stored car cannot be taxed on that date (e.g. no wltp for a car first registered from 2021, or a first registration after the date): every cell is then null, and these say why.",
      ),
    rows: z.array(
      z
        .object({
          status: names(ProfileStatus),
          registrationOn: names(RegistrationOn),
          regions: z.array(
            z
              .object({
                region: names(Region),
                roadTax: z
                  .number()
                  .nullable()
                  .describe(
                    "Registration tax; null when there is no amount: an exemption (as the spec says) or no figure (Calculate's unavailableLines say why).",
                  ),
                yearlyTax: z
                  .number()
                  .nullable()
                  .describe("Annual road tax of the current year; null when there is no amount, as roadTax."),
              })
              .meta({ id: "TaxMatrixRegionEntry" }),
          ),
        })
        .meta({ id: "TaxMatrixRow" }),
    ),
  })
  .meta({ id: "TaxMatrixResult" });

/** RFC 9457 problem details with the service's `code` and, for validation, `errors`. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string().describe("Stable machine-readable error code."),
    detail: z.string(),
    instance: z.string().optional(),
    errors: z.array(fieldErrorSchema).optional(),
    line: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        "Answers of POST /v1/Calculate/batch only: the request line (from 1) this problem answers; the other lines of the batch have their own answers.",
      ),
  })
  .meta({ id: "ProblemDetails" });
