/**
 * The schema of a parameter file (`packages/engine/parameters/**.json`), for the tests: the engine
 * itself has no run-time dependency, so zod checks the files here and the loader trusts them.
 */
import { z } from "zod";
import { CALCULATORS } from "../core/enums";
import { isIsoDate } from "../core/iso-date";
import { ROUNDING_RULES } from "./indexation";

const isoDate = z.string().refine(isIsoDate, "a yyyy-MM-dd date");

/** A JSON value of a row: numbers, strings, booleans, null, and arrays and objects of them. */
const jsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.number().finite(),
    z.string(),
    z.boolean(),
    z.null(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);

/**
 * A row cites a source by its address: the title and Official Journal date are written once, in the
 * catalogue `parameters/sources.json` (a title here is refused: it would be a second copy).
 */
export const citationSchema = z.strictObject({
  href: z.string().regex(/^https:\/\/\S+$/),
  article: z.string().min(1).optional(),
  numac: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
});

export const primarySourceSchema = z.union([
  z.strictObject({ status: z.literal("official") }),
  z.strictObject({
    status: z.literal("official"),
    figure: z.literal("secondary"),
    reason: z.string().min(10),
  }),
  z.strictObject({ status: z.literal("pending"), reason: z.string().min(10) }),
]);

/** An amount declared as base × coefficient with a named rounding (the loader computes the value). */
export const indexedSchema = z.strictObject({
  base: jsonValue,
  coefficient: z.union([
    z.number().positive(),
    z.strictObject({ parameter: z.string().min(1), field: z.string().min(1).optional() }),
  ]),
  rounding: z.enum(ROUNDING_RULES),
});

export const rowSchema = z
  .strictObject({
    from: isoDate,
    until: isoDate.nullable(),
    value: jsonValue.optional(),
    indexed: indexedSchema.optional(),
    sources: z.array(citationSchema).min(1),
    primarySource: primarySourceSchema,
    confidence: z.enum(["high", "medium", "low"]),
    provisional: z.boolean(),
    note: z.string().min(1).optional(),
  })
  .refine(
    (row) => (row.value === undefined) !== (row.indexed === undefined),
    "a value or an indexed amount, not both",
  );

export const parameterFileSchema = z.strictObject({
  description: z.string().min(10),
  unit: z.string().min(1),
  lastChecked: isoDate,
  calculators: z.array(z.enum(CALCULATORS as [string, ...string[]])).min(1),
  rows: z.array(rowSchema).min(1),
});
