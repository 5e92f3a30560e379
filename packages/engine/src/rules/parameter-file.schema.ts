/**
 * The schema of a parameter file (`packages/engine/parameters/**.json`), for the tests: the engine
 * itself has no run-time dependency, so zod checks the files here and the loader trusts them.
 */
import { z } from "zod";
import { CALCULATORS } from "../enums";
import { isIsoDate } from "../iso-date";

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

export const citationSchema = z.strictObject({
  href: z.string().regex(/^https:\/\/\S+$/),
  title: z.string().min(11),
  article: z.string().min(1).optional(),
  officialJournalDate: isoDate.optional(),
  numac: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
});

export const primarySourceSchema = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("official") }),
  z.strictObject({ status: z.literal("pending"), reason: z.string().min(10) }),
]);

export const rowSchema = z.strictObject({
  from: isoDate,
  until: isoDate.nullable(),
  value: jsonValue,
  sources: z.array(citationSchema).min(1),
  primarySource: primarySourceSchema,
  confidence: z.enum(["high", "medium", "low"]),
  provisional: z.boolean(),
  note: z.string().min(1).optional(),
});

export const parameterFileSchema = z.strictObject({
  description: z.string().min(10),
  unit: z.string().min(1),
  lastChecked: isoDate,
  calculators: z.array(z.enum(CALCULATORS as [string, ...string[]])).min(1),
  rows: z.array(rowSchema).min(1),
});
