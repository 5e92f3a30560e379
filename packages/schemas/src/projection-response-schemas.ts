import { CALCULATORS } from "@cartax/engine";
import { z } from "zod";
import { RANK_BY } from "./projection-schemas";
import { calculationLineSchema, openEnum, unavailableLineSchema } from "./response-schemas";

/** A calculator over the holding period (issue 22). */
export const projectionTotalSchema = z
  .object({
    viewOption: openEnum(CALCULATORS),
    rawValue: z
      .number()
      .nullable()
      .describe(
        "The sum of the yearly figures (for FiscalDeduction, a percentage: their mean), to the cent; null when no year has a figure. Lines without a figure never count as zero.",
      ),
    complete: z.boolean().describe("True when every year of the period has a figure for this calculator."),
    unit: openEnum(["EUR", "percent"]),
    aggregate: openEnum(["sum", "mean"]),
    yearsWithFigure: z.number().int(),
    yearsAssumed: z
      .number()
      .int()
      .describe("How many of those figures applied assumed rules (assumeLatestRules)."),
  })
  .meta({ id: "ProjectionTotal" });

/** One year of a projection. */
export const projectionYearSchema = z
  .object({
    year: z.number().int(),
    lines: z.array(calculationLineSchema).describe("The lines of that year with a figure."),
    unavailableLines: z
      .array(unavailableLineSchema)
      .describe("The calculators of that year without a figure."),
  })
  .meta({ id: "ProjectionYear" });

/** The answer of POST /v1/Projection. */
export const projectionResultSchema = z
  .object({
    projectionId: z.uuid(),
    years: z
      .array(projectionYearSchema)
      .describe(
        "Each year of the holding period from the registration year: the registration tax once, in its year; the annual road tax, benefit in kind, deductibility, rejected expenses and CO2 contribution every year. The first two years equal POST /v1/Calculate's lines.",
      ),
    totals: z.array(projectionTotalSchema).describe("One total per requested calculator."),
  })
  .meta({ id: "ProjectionResult" });

/** A car's row in a comparison, in the caller's order. */
export const comparisonRowSchema = z
  .object({
    carDetailId: z.string().nullable().describe("The stored car's id; null for an inline car."),
    name: z.string().nullable().describe("The car's name (CarDetail.name), when it has one."),
    lines: z.array(calculationLineSchema).describe("The lines of every year of the period, in year order."),
    unavailableLines: z.array(unavailableLineSchema),
    totals: z.array(projectionTotalSchema),
  })
  .meta({ id: "ComparisonRow" });

/** A calculator in one year of the holding period, as the ranking names it. */
const rankingFigureFields = {
  viewOption: openEnum(CALCULATORS),
  year: z.number().int(),
};

/** The ranking of a comparison, on a common basis (issue 31). */
export const rankingSchema = z
  .object({
    by: openEnum(RANK_BY),
    order: openEnum(["ascending", "descending"]),
    entries: z.array(
      z.object({
        rank: z
          .number()
          .int()
          .describe(
            "1 is the best. A car lacking fewer of the figures another car has ranks first (a car lacking a figure ranks after every car that has it and lacks nothing it has); then the lowest rawValue (FiscalDeduction: the highest). Equal on both: one rank.",
          ),
        index: z.number().int().describe("The row's position in `rows` (the caller's order), from 0."),
        carDetailId: z.string().nullable(),
        rawValue: z
          .number()
          .nullable()
          .describe(
            "The total ranked by, over the ranking's `basis` only (the calculators and years every compared car has a figure for), so every car's value adds the same figures; for FiscalDeduction their mean. Null when the basis is empty. The car's own totals are in its row's `totals`.",
          ),
        complete: z
          .boolean()
          .describe(
            "Whether the car's own total (its row's totals) has a figure for every year of every calculator in it.",
          ),
        missingFigures: z
          .array(
            z.object({
              ...rankingFigureFields,
              outcome: openEnum(["missingInput", "notApplicable", "rulesNotAvailable"]),
              missingFields: z
                .array(z.string())
                .describe(
                  "With outcome missingInput: the fields to give, as the request names them; else empty.",
                ),
            }),
          )
          .describe(
            "The figures another compared car has and this one lacks (added by issue 31); empty when none.",
          ),
      }),
    ),
    basis: z
      .array(z.object(rankingFigureFields))
      .describe(
        "The calculators and years every compared car has a figure for: the only ones rawValue adds (added by issue 31).",
      ),
    leftOut: z
      .array(
        z.object({
          ...rankingFigureFields,
          outcomes: z.array(openEnum(["missingInput", "notApplicable", "rulesNotAvailable"])),
        }),
      )
      .describe(
        "The calculators and years of the ranked total that no compared car has a figure for (a year whose rules are not published: outcomes [rulesNotAvailable]), left out for every car (added by issue 31).",
      ),
  })
  .meta({ id: "Ranking" });

/** The answer of POST /v1/Compare. */
export const comparisonResultSchema = z
  .object({
    comparisonId: z.uuid(),
    years: z.array(z.number().int()).describe("The years of the holding period."),
    rows: z.array(comparisonRowSchema).describe("One row per car, in the caller's order."),
    ranking: rankingSchema,
  })
  .meta({ id: "ComparisonResult" });

const recordFields = {
  createdAt: z.string().describe("When it was made (ISO 8601, UTC)."),
  rulesVersion: z.string().describe("Version of the engine's rule tables that produced the result."),
  subscriptionId: z.uuid(),
  version: z.string().nullable().describe("The request's client version tag."),
  request: z.unknown().describe("The request as received."),
};

/** The audit record of a projection (GET /v1/Projections/{projectionId}). */
export const projectionRecordSchema = z
  .object({ projectionId: z.uuid(), ...recordFields, result: projectionResultSchema })
  .meta({ id: "ProjectionRecord" });

/** The audit record of a comparison (GET /v1/Comparisons/{comparisonId}). */
export const comparisonRecordSchema = z
  .object({ comparisonId: z.uuid(), ...recordFields, result: comparisonResultSchema })
  .meta({ id: "ComparisonRecord" });
