import {
  CALCULATORS,
  COMPARISON_CARS,
  CORPORATE_TAX_RATES,
  MAX_YEARLY_CAR_COSTS,
  PROJECTION_YEARS,
  SCHEDULE_MAX_DAYS,
} from "@cartax/engine";
import { z } from "zod";
import {
  calculationOptionsSchema,
  carReferenceFields,
  engineRulesWhenRefused,
  requireOneCar,
  userProfileSchema,
} from "./calculation-request-schema";
import { ALSO_WHEN_REFUSED } from "./car-detail-schema";
import { isoDateSchema } from "./date-schema";
import { textSchema } from "./text-schema";

/** What a comparison ranks by: a calculator's total, or the employer's taxes over the period. */
export const RANK_BY = ["employerTaxes", ...CALCULATORS] as const;

/** ProjectionOptions (issue 22): CalculationOptions plus the holding period. */
export const projectionOptionsSchema = calculationOptionsSchema
  .extend({
    years: z
      .number()
      .int("must be a whole number of years")
      .min(PROJECTION_YEARS.min)
      .max(PROJECTION_YEARS.max)
      .nullish()
      .describe(
        `Years of the holding period from the registration date, ${PROJECTION_YEARS.min} to ${PROJECTION_YEARS.max}; default ${PROJECTION_YEARS.default}: the car is held until the day before the registration's anniversary in the last year. Not with \`until\`.`,
      ),
    until: isoDateSchema
      .nullish()
      .describe(
        `The last day the car is held (counted; it is deregistered the next day), instead of \`years\`: from the registration date to at most ${PROJECTION_YEARS.max} years after it.`,
      ),
    assumeLatestRules: z
      .boolean()
      .nullish()
      .describe(
        "false (default): a line that needs a parameter not yet published for its dates has no figure (unavailableLines, outcome rulesNotAvailable, missingParameters naming them). true: it uses every parameter row in force on its dates and carries only the missing ones from their latest published row, naming them (assumedParameters, a sentence in its description, provisional).",
      ),
    corporateTaxRate: z
      .enum(CORPORATE_TAX_RATES)
      .nullish()
      .describe(
        "Turns the rejected expenses (and the non-deductible part of yearlyCarCosts) into corporate tax at this rate, labelled an estimate in summary.corporateTaxEstimate: `standard` (25 %) or `smeReduced` (20 %, assuming the company's taxable income stays within the first 100,000 €), art. 215 WIB 92. Absent: no estimate.",
      ),
    employeeMarginalRate: z
      .number()
      .min(0)
      .max(100)
      .nullish()
      .describe(
        "The employee's marginal income tax rate (%): turns the benefit in kind into income tax, labelled an estimate in summary.employeeTaxEstimate. No default.",
      ),
    yearlyCarCosts: z
      .number()
      .min(0)
      .max(MAX_YEARLY_CAR_COSTS)
      .nullish()
      .describe(
        "The car's yearly costs (€, counted per day held), only with corporateTaxRate: their non-deductible part (100 % − the year's deduction percentage) is added to the corporate tax estimate's base.",
      ),
  })
  .meta({ id: "ProjectionOptions" });

/** BenefitInKindScheduleOptions: CalculationOptions plus the period of availability. */
export const scheduleOptionsSchema = calculationOptionsSchema
  .extend({
    from: isoDateSchema
      .nullish()
      .describe("The first day the car is available (counted in full); default the registration date."),
    until: isoDateSchema.describe(
      `The last day the car is available (counted; the day it is returned is not): at most ${SCHEDULE_MAX_DAYS} days after \`from\`.`,
    ),
    assumeLatestRules: z
      .boolean()
      .nullish()
      .describe(
        "false (default): a month whose parameters are not published has no figure (its year's total is null). true: the missing parameters are carried from their latest published row, named in assumedParameters, provisional.",
      ),
  })
  .meta({ id: "BenefitInKindScheduleOptions" });

/** BenefitInKindScheduleRequest: a car, a profile and a period of availability. */
export const scheduleRequestSchema = z
  .object({
    ...carReferenceFields,
    userProfile: userProfileSchema,
    options: scheduleOptionsSchema,
    version: textSchema(50).nullish(),
  })
  .superRefine(requireOneCar, ALSO_WHEN_REFUSED)
  .superRefine(
    engineRulesWhenRefused((body) => [["carDetail", body.carDetail]]),
    {
      when: (payload) => payload.issues.length > 0,
    },
  )
  .meta({ id: "BenefitInKindScheduleRequest" });

export type ScheduleRequestBody = z.output<typeof scheduleRequestSchema>;

/** ProjectionRequest: a CalculationRequest whose options hold the holding period. */
export const projectionRequestSchema = z
  .object({
    ...carReferenceFields,
    userProfile: userProfileSchema,
    options: projectionOptionsSchema,
    version: textSchema(50).nullish(),
  })
  .superRefine(requireOneCar, ALSO_WHEN_REFUSED)
  .superRefine(
    engineRulesWhenRefused((body) => [["carDetail", body.carDetail]]),
    {
      when: (payload) => payload.issues.length > 0,
    },
  )
  .meta({ id: "ProjectionRequest" });

export type ProjectionRequestBody = z.output<typeof projectionRequestSchema>;

/** One car of a comparison: a stored car by id or an inline car (carDetail wins). */
export const compareCarSchema = z
  .object(carReferenceFields)
  .superRefine(requireOneCar, ALSO_WHEN_REFUSED)
  .meta({ id: "CompareCar" });

/** CompareOptions: the projection's options plus the total to rank by. */
export const compareOptionsSchema = projectionOptionsSchema
  .extend({
    rankBy: z
      .enum(RANK_BY)
      .nullish()
      .describe(
        "The total to rank by: a calculator's (lowest first; FiscalDeduction highest first), or employerTaxes (default): registration tax + annual road tax + CO2 contribution over the period.",
      ),
  })
  .meta({ id: "CompareOptions" });

/** CompareRequest (issue 22): 2 to 50 cars for one profile and one set of options. */
export const compareRequestSchema = z
  .object({
    cars: z
      .array(compareCarSchema)
      .min(COMPARISON_CARS.min)
      .max(COMPARISON_CARS.max)
      .describe(
        `${COMPARISON_CARS.min} to ${COMPARISON_CARS.max} cars, each { carDetailId } or { carDetail }.`,
      ),
    userProfile: userProfileSchema,
    options: compareOptionsSchema,
    version: textSchema(50).nullish(),
  })
  .superRefine(
    engineRulesWhenRefused((body) =>
      Array.isArray(body.cars)
        ? body.cars.map((car, i) => [
            `cars.${i}.carDetail`,
            (car as { carDetail?: unknown } | null)?.carDetail,
          ])
        : [],
    ),
    { when: (payload) => payload.issues.length > 0 },
  )
  .meta({ id: "CompareRequest" });

export type CompareRequestBody = z.output<typeof compareRequestSchema>;
