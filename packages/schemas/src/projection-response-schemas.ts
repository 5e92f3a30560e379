import { CALCULATORS } from "@cartax/engine";
import { z } from "zod";
import { RANK_BY } from "./projection-schemas";
import { calculationLineSchema, openEnum, unavailableLineSchema } from "./response-schemas";

/** A calculator over the holding period (issue 22). */
export const projectionTotalSchema = z
  .object({
    viewOption: openEnum(CALCULATORS),
    kind: openEnum(["employerTax", "base", "percentage"]).describe(
      "What the figure is, so that only like is added to like: `employerTax` (registration tax, annual road tax, CO2 contribution: taxes the employer pays), `base` (benefit in kind, the employee's taxable base; rejected expenses, an addition to the company's taxable base: never added to taxes), `percentage` (the deduction: a mean, never summed).",
    ),
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
      .describe("How many of those figures carried unpublished parameters (assumeLatestRules)."),
  })
  .meta({ id: "ProjectionTotal" });

/** The part of a calendar year within a holding or availability period. */
export const yearPartSchema = z
  .object({
    from: z.string().describe("The first day of the year held (yyyy-MM-dd)."),
    until: z.string().describe("The last day of the year held (yyyy-MM-dd)."),
    days: z.number().int().describe("Days held in the year, both ends counted."),
    daysInYear: z.number().int().describe("Days of the calendar year: 365 or 366."),
  })
  .meta({ id: "YearPart" });

/** A sum of figures of one kind (issue "Costs over time that add up"). */
export const groupTotalSchema = z
  .object({
    rawValue: z
      .number()
      .nullable()
      .describe("The sum of the figures that exist, to the cent; null when none does."),
    complete: z.boolean().describe("True when every figure the sum adds exists."),
    adds: z.array(z.string()).describe("What it adds: calculators, and `corporateTaxEstimate`."),
    incomplete: z
      .array(openEnum(CALCULATORS))
      .describe("The calculators of the sum lacking a figure in some year."),
  })
  .meta({ id: "GroupTotal" });

/** A base turned into tax at a rate the request stated: an estimate. */
export const taxEstimateSchema = z
  .object({
    estimate: z.literal(true),
    payer: openEnum(["employer", "employee"]),
    rate: z.number().describe("The rate applied (%)."),
    rateParameter: z
      .object({
        name: z.string(),
        value: z.union([z.number(), z.string()]),
        unit: z.string(),
        source: z.object({ href: z.string(), title: z.string(), officialJournalDate: z.string().optional() }),
        provisional: z.boolean(),
        parameter: z.string().nullable(),
      })
      .nullable()
      .describe(
        "The parameter the corporate rate comes from, with its source; null for the employee's stated rate.",
      ),
    base: z
      .number()
      .nullable()
      .describe("The base the rate is applied to over the period (the figures that exist)."),
    adds: z
      .array(z.string())
      .describe("What the base adds: `RejectedExpenses`, `nonDeductibleCarCosts`, `BenefitInKind`."),
    nonDeductibleCarCosts: z.number().nullable(),
    rawValue: z.number().nullable().describe("The tax on the base, to the cent."),
    complete: z.boolean(),
  })
  .meta({ id: "TaxEstimate" });

/** The grouped totals of a projection: only like added to like. */
export const projectionSummarySchema = z
  .object({
    employerTaxes: groupTotalSchema.describe(
      "Taxes the employer pays over the period: registration tax + annual road tax + CO2 contribution.",
    ),
    bases: z
      .array(z.lazy(() => projectionTotalSchema))
      .describe(
        "Taxable bases, never added to taxes: the benefit in kind (the employee's), the rejected expenses (the company's).",
      ),
    percentages: z
      .array(z.lazy(() => projectionTotalSchema))
      .describe("Percentages, never summed: the deduction, a mean over the years."),
    corporateTaxEstimate: taxEstimateSchema
      .nullable()
      .describe(
        "With options.corporateTaxRate: corporate tax on the rejected expenses (and non-deductible car costs).",
      ),
    employeeTaxEstimate: taxEstimateSchema
      .nullable()
      .describe("With options.employeeMarginalRate: the employee's income tax on the benefit in kind."),
    employerTaxesWithEstimate: groupTotalSchema
      .nullable()
      .describe("With options.corporateTaxRate: the employer's taxes plus the corporate tax estimate."),
  })
  .meta({ id: "ProjectionSummary" });

/** One year of a projection. */
export const projectionYearSchema = z
  .object({
    year: z.number().int(),
    period: yearPartSchema
      .optional()
      .describe("The part of the year the car is held (absent from answers saved before December 2026)."),
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
        "Each calendar year of the holding period, counted by the day: the registration tax once, in its year; the annual road tax per 12-month taxable period that starts in the year; the benefit in kind per day (month by month), the rejected expenses on it; the CO2 contribution per month of availability; the deduction's percentage. A year held whole equals POST /v1/Calculate's lines except the benefit in kind (and rejected expenses) of a year in which the age coefficient changes.",
      ),
    from: z.string().optional().describe("The first day held: the registration date."),
    until: z.string().optional().describe("The last day held."),
    totals: z.array(projectionTotalSchema).describe("One total per requested calculator."),
    summary: projectionSummarySchema
      .optional()
      .describe(
        "The totals grouped: taxes paid, bases, percentages, estimates (absent from answers saved before December 2026).",
      ),
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
    summary: projectionSummarySchema
      .optional()
      .describe(
        "The car's totals grouped, as a Projection's (absent from answers saved before December 2026).",
      ),
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
            "1 is the best. The cars are ranked in tiers (`tier`, issue 40): a car that lacks a figure another car has ranks after every car that has it and lacks nothing it has (fewer missing figures first; as many but different ones: the tier having the first figure, calculator then year, the other lacks first); within a tier, the lowest rawValue (FiscalDeduction: the highest). Same tier and value: one rank. Without missing figures there is one tier and the rank is the order of the full totals.",
          ),
        tier: z
          .number()
          .int()
          .optional()
          .describe(
            "The car's tier in `tiers` (1 first): the cars of a tier have the same figures and are ranked on all of them (added by issue 40; absent from answers saved before December 2026).",
          ),
        index: z.number().int().describe("The row's position in `rows` (the caller's order), from 0."),
        carDetailId: z.string().nullable(),
        rawValue: z
          .number()
          .nullable()
          .describe(
            "The total ranked by, over its tier's `basis` (every figure the cars of its tier have), so it compares with the values of its tier; for FiscalDeduction their mean. Null when that basis is empty. Before issue 40 (answers saved before December 2026, which have no `tier`): over the ranking's `basis`. The car's own totals are in its row's `totals`.",
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
    tiers: z
      .array(
        z.object({
          tier: z.number().int().describe("1 first."),
          basis: z
            .array(z.object(rankingFigureFields))
            .describe(
              "The calculators and years every car of the tier has a figure for: what its rawValues add.",
            ),
          lacking: z
            .array(z.object(rankingFigureFields))
            .describe(
              "The calculators and years another compared car has and the cars of this tier lack; empty for the first tier when a car lacks nothing.",
            ),
          description: z
            .string()
            .describe(
              "The tier's basis in words, in the language of the lines, with what it lacks and why (`… — without Registration tax 2025 (missing: weight)`).",
            ),
        }),
      )
      .optional()
      .describe(
        "The tiers in order (added by issue 40; absent from answers saved before December 2026): one when no car lacks a figure another has.",
      ),
    basis: z
      .array(z.object(rankingFigureFields))
      .describe(
        "The calculators and years every compared car has a figure for (in every tier's basis; added by issue 31).",
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

/** A parameter carried from its latest published row (assumeLatestRules). */
const carriedParameterSchema = z.object({
  parameter: z.string(),
  carriedFrom: z.string(),
  publishedUntil: z.string(),
});

/** One month of a benefit-in-kind schedule. */
export const scheduleMonthSchema = z
  .object({
    month: z.string().describe("yyyy-MM."),
    year: z.number().int(),
    from: z.string().describe("The first day of the month the car is available."),
    until: z.string().describe("The last day of the month the car is available."),
    days: z
      .number()
      .int()
      .describe("Days of availability in the month (the first day counts, the day of return does not)."),
    daysInYear: z
      .number()
      .int()
      .describe("Days of the calendar year (365 or 366): the denominator of the month's share."),
    outcome: openEnum(["amount", "exempt", "missingInput", "notApplicable", "rulesNotAvailable"]),
    ageCoefficient: z
      .number()
      .nullable()
      .describe("The month's age coefficient (%), by started months since the first registration."),
    co2Percent: z.number().nullable().describe("The CO2 percentage of the month's year (%)."),
    minimum: z.number().nullable().describe("The yearly minimum of the month's year (€)."),
    yearlyAmount: z
      .number()
      .nullable()
      .describe("The yearly benefit at this month's coefficient, after the minimum (€)."),
    grossAmount: z
      .number()
      .nullable()
      .describe("The month's share before the own contribution, to the cent (€)."),
    ownContribution: z
      .number()
      .describe(
        "The employee's own contribution deducted this month (€): `ownMonthlyCost` (for a partial month in proportion to its days) up to the month's gross amount, so grossAmount − ownContribution = amount.",
      ),
    amount: z
      .number()
      .nullable()
      .describe("The month's taxable benefit, to the cent (€); null without a figure."),
    provisional: z.boolean(),
    assumedParameters: z.array(carriedParameterSchema),
    missingParameters: z.array(z.string()),
  })
  .meta({ id: "BenefitInKindScheduleMonth" });

/** One calendar year of a schedule: the sum of its months. */
export const scheduleYearSchema = z
  .object({
    year: z.number().int(),
    days: z.number().int(),
    total: z
      .number()
      .nullable()
      .describe(
        "The sum of the months' amounts, as the tax form (281.10/281.20) carries it; null when a month has no figure.",
      ),
    grossTotal: z
      .number()
      .nullable()
      .describe("The sum before the own contribution (the rejected expenses' base)."),
    ownContribution: z.number(),
    complete: z.boolean(),
    provisional: z.boolean(),
    parameters: z
      .array(
        z.object({
          name: z.string(),
          value: z.union([z.number(), z.string()]),
          unit: z.string(),
          source: z.object({
            href: z.string(),
            title: z.string(),
            officialJournalDate: z.string().optional(),
          }),
          provisional: z.boolean(),
          parameter: z.string().nullable(),
        }),
      )
      .describe("The parameters of law the year's months used, each once, with their sources."),
  })
  .meta({ id: "BenefitInKindScheduleYear" });

/** The answer of POST /v1/BenefitInKind/schedule. */
export const scheduleResultSchema = z
  .object({
    from: z.string(),
    until: z.string(),
    months: z.array(scheduleMonthSchema),
    years: z.array(scheduleYearSchema),
    legalSource: z.object({ title: z.string(), url: z.string() }).passthrough(),
    countingRule: z
      .object({ name: z.string(), value: z.union([z.number(), z.string()]), unit: z.string() })
      .passthrough()
      .describe("The counting rule (per calendar day of availability) with its source."),
  })
  .meta({ id: "BenefitInKindSchedule" });
