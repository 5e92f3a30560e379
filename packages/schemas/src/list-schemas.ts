import { CALCULATORS } from "@cartax/engine";
import { z } from "zod";
import { projectionSummarySchema, projectionTotalSchema, rankingSchema } from "./projection-response-schemas";
import { carDetailResponseSchema, openEnum, outcomeWithoutFigureSchema } from "./response-schemas";

/*
 * The lists of an account's records (issue 41; docs/contract.md, Lists): a page of items, each the
 * resource's own shape, lean (a record's request and the summary of its answer, never the whole
 * answer: GET of the record by its id gives that).
 */

/** The fields of every saved record in a list, as its read by id gives them. */
const listedRecordFields = {
  createdAt: z.string().describe("When it was made (ISO 8601, UTC); the list's order, newest first."),
  rulesVersion: z.string().describe("Version of the engine's rule tables that produced the result."),
  subscriptionId: z.uuid(),
  version: z.string().nullable().describe("The request's client version tag."),
  request: z.unknown().describe("The request as received."),
};

/** A calculation in a list: its record's fields, the request, and the figures of its answer. */
export const calculationListItemSchema = z
  .object({
    calculationId: z.uuid(),
    ...listedRecordFields,
    engineVersion: z.string().nullable().describe("As in CalculationRecord."),
    summary: z
      .object({
        lines: z
          .array(
            z.object({
              viewOption: openEnum(CALCULATORS),
              year: z.number().int(),
              rawValue: z.number(),
            }),
          )
          .describe("Each line of the answer with a figure: its calculator, year and figure."),
        unavailableLines: z
          .array(
            z.object({
              viewOption: openEnum(CALCULATORS),
              year: z.number().int(),
              outcome: outcomeWithoutFigureSchema,
            }),
          )
          .describe("Each calculator and year of the answer without a figure, and why (its outcome)."),
      })
      .describe(
        "The answer's figures; the whole answer (descriptions, links) is at /v1/Calculations/{calculationId}.",
      ),
  })
  .meta({ id: "CalculationListItem" });

/** A projection in a list: its record's fields, the request, and its totals. */
export const projectionListItemSchema = z
  .object({
    projectionId: z.uuid(),
    ...listedRecordFields,
    summary: z
      .object({
        from: z
          .string()
          .nullable()
          .describe("The first day held (null in answers saved before December 2026)."),
        until: z.string().nullable().describe("The last day held (null as `from`)."),
        totals: z.array(projectionTotalSchema),
        summary: projectionSummarySchema.nullable().describe("The totals grouped (null as `from`)."),
      })
      .describe("The answer's totals; its years are at /v1/Projections/{projectionId}."),
  })
  .meta({ id: "ProjectionListItem" });

/** A comparison in a list: its record's fields, the request, each car's totals and the ranking. */
export const comparisonListItemSchema = z
  .object({
    comparisonId: z.uuid(),
    ...listedRecordFields,
    summary: z
      .object({
        years: z.array(z.number().int()),
        rows: z.array(
          z.object({
            carDetailId: z.string().nullable(),
            name: z.string().nullable(),
            totals: z.array(projectionTotalSchema),
          }),
        ),
        ranking: rankingSchema,
      })
      .describe("Each car's totals and the ranking; the lines are at /v1/Comparisons/{comparisonId}."),
  })
  .meta({ id: "ComparisonListItem" });

/** A page of a list: its items, newest first, and the cursor of the next page (null on the last). */
const pageOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      data: z.array(item).describe("The page's items, newest first."),
      nextCursor: z
        .string()
        .nullable()
        .describe(
          'Opaque: send it as `cursor` (with the same filters) for the next page, also linked in the `Link` header (rel="next"); null on the last page.',
        ),
    })
    .meta({ id });

export const carDetailPageSchema = pageOf(carDetailResponseSchema, "CarDetailPage");
export const calculationPageSchema = pageOf(calculationListItemSchema, "CalculationPage");
export const projectionPageSchema = pageOf(projectionListItemSchema, "ProjectionPage");
export const comparisonPageSchema = pageOf(comparisonListItemSchema, "ComparisonPage");
