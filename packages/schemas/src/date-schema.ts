import { isIsoDate } from "@cartax/engine";
import { z } from "zod";

/**
 * A date as yyyy-MM-dd. A date-time with a zero time part (how CarDetail dates are returned on
 * read) is accepted too, so a client can send back what it read.
 */
export const isoDateSchema = z
  .string()
  .describe("A date as yyyy-MM-dd (a date-time with a zero time part is accepted too).")
  .meta({ format: "date" })
  .transform((value, ctx) => {
    const date = /^\d{4}-\d{2}-\d{2}T00:00:00(\.0+)?(Z|[+-]00:00)?$/.test(value) ? value.slice(0, 10) : value;
    if (!isIsoDate(date)) {
      ctx.addIssue({ code: "custom", message: "must be a date as yyyy-MM-dd", params: { rule: "date" } });
      return z.NEVER;
    }
    return date;
  });
