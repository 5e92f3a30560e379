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

/**
 * Schemas of what the service answers (names for enumerations, docs/contract.md). They document the
 * responses in the OpenAPI document; requests are validated by the request schemas.
 */
const names = <E extends Readonly<Record<string, number>>>(e: E) =>
  z.enum(enumNames(e) as [string, ...string[]]);

const L = CAR_DETAIL_LIMITS;

/** A CarDetail as returned on read. */
export const carDetailResponseSchema = z
  .object({
    id: z.guid(),
    ownerId: z.uuid(),
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
  })
  .meta({ id: "CarDetail" });

/** A line of a calculation (docs/contract.md, CalculationLine, plus `outcome` and `provisional`). */
export const calculationLineSchema = z
  .object({
    name: z.string(),
    description: z.string().nullable(),
    viewOption: z.enum(CALCULATORS as [string, ...string[]]),
    value: z.string().describe("Formatted amount followed by a currency sign."),
    rawValue: z.number(),
    year: z.number().int(),
    url: z.string().nullable(),
    hasUrl: z.boolean(),
    outcome: z.enum(["amount", "exempt", "notApplicable", "rulesNotAvailable"]),
    provisional: z.boolean(),
  })
  .meta({ id: "CalculationLine" });

export const calculationResultSchema = z
  .object({ calculationId: z.uuid(), lines: z.array(calculationLineSchema) })
  .meta({ id: "CalculationResult" });

/** The audit record of a calculation (GET /v1/Calculations/{calculationId}; not in the spec). */
export const calculationRecordSchema = z
  .object({
    calculationId: z.uuid(),
    createdAt: z.string().describe("When the calculation was made (ISO 8601, UTC)."),
    rulesVersion: z.string().describe("Version of the engine's rule tables that produced the result."),
    subscriptionId: z.uuid(),
    version: z.string().nullable().describe("The request's client version tag."),
    request: z.unknown().describe("The CalculationRequest as received."),
    result: calculationResultSchema,
  })
  .meta({ id: "CalculationRecord" });

export const taxMatrixResultSchema = z
  .object({
    carDetailId: z.guid(),
    registrationDate: z.string().describe("The registration date the matrix was computed for (yyyy-MM-dd)."),
    carDetailIssues: z
      .array(z.object({ field: z.string(), rule: z.string(), message: z.string() }))
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
                roadTax: z.number().nullable(),
                yearlyTax: z.number().nullable(),
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
    errors: z
      .array(
        z.object({
          field: z.string().describe("Dotted path of the offending field."),
          rule: z
            .string()
            .describe(
              "The rule it broke: required, type, min, max, enum, format, date, uuid, oneOf, requiredFrom2021, requiredForFuel, range or notAfterRegistration.",
            ),
          message: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ id: "Problem" });
