import { z } from "zod";

/**
 * What an answer of the operations that compute (POST /v1/Calculate and its batch, POST
 * /v1/Projection, POST /v1/Compare) may add to its lean default, on request: `parameters`, the
 * parameters of the law each line used, with their rule-book addresses.
 */
export const INCLUDE_VALUES = ["parameters"] as const;

/** A value of the `include` query parameter. */
export type Include = (typeof INCLUDE_VALUES)[number];

/**
 * The `include` query parameter. One value today; a value the service does not know is a 400 `enum`
 * naming it and the allowed ones (a misspelt `include` never silently answers the lean shape).
 */
export const includeSchema = z
  .string()
  .superRefine((value, context) => {
    if ((INCLUDE_VALUES as readonly string[]).includes(value)) return;
    context.addIssue({
      code: "custom",
      message: `must be one of: ${INCLUDE_VALUES.join(", ")} (got ${JSON.stringify(value)})`,
      params: { rule: "enum" },
      input: value,
    });
  })
  .transform((value) => value as Include)
  .meta({
    // Documented as the enumeration it is, so generated clients type it.
    enum: [...INCLUDE_VALUES],
    description:
      "Adds to each line what the lean default leaves out. `parameters`: the parameters of the law the line used (`{name, value, unit, provisional, parameter, ruleBookUrl}`), as answers carried them by default until 28 November 2026. Absent: lean lines (the contract's fields plus `outcome`, `provisional`, `description`). Any other value is a 400 `enum`.",
    examples: ["parameters"],
  });
