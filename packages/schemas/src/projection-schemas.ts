import { CALCULATORS, COMPARISON_CARS, PROJECTION_YEARS } from "@cartax/engine";
import { z } from "zod";
import {
  calculationOptionsSchema,
  carReferenceFields,
  requireOneCar,
  userProfileSchema,
} from "./calculation-request-schema";
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
        `Years of the holding period from the registration year, ${PROJECTION_YEARS.min} to ${PROJECTION_YEARS.max}; default ${PROJECTION_YEARS.default}.`,
      ),
    assumeLatestRules: z
      .boolean()
      .nullish()
      .describe(
        "false (default): a year whose rules are not published has its lines in unavailableLines with outcome rulesNotAvailable. true: such a line applies the rules of the latest earlier year that has them, and says so (assumedRulesYear, a sentence in its description, provisional).",
      ),
  })
  .meta({ id: "ProjectionOptions" });

/** ProjectionRequest: a CalculationRequest whose options hold the holding period. */
export const projectionRequestSchema = z
  .object({
    ...carReferenceFields,
    userProfile: userProfileSchema,
    options: projectionOptionsSchema,
    version: textSchema(50).nullish(),
  })
  .superRefine(requireOneCar)
  .meta({ id: "ProjectionRequest" });

export type ProjectionRequestBody = z.output<typeof projectionRequestSchema>;

/** One car of a comparison: a stored car by id or an inline car (carDetail wins). */
export const compareCarSchema = z
  .object(carReferenceFields)
  .superRefine(requireOneCar)
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
  .meta({ id: "CompareRequest" });

export type CompareRequestBody = z.output<typeof compareRequestSchema>;
