import { enumNames, parseEnum } from "@cartax/engine";
import { z } from "zod";

/**
 * An enumeration field: accepts the numeric value or the name (docs/contract.md, Enumerations) and
 * yields the name.
 */
export function enumSchema<E extends Readonly<Record<string, number>>>(enumeration: E, label: string) {
  const names = enumNames(enumeration);
  const allowed = names.map((name) => `${name} (${enumeration[name]})`).join(", ");
  return z
    .union([z.string(), z.number()])
    .describe(`The name or the numeric value of one of: ${allowed}. Returned as the name.`)
    .transform((value, ctx) => {
      const name = parseEnum(enumeration, value);
      if (name === undefined) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be one of ${allowed}`,
          params: { rule: "enum" },
        });
        return z.NEVER;
      }
      return name;
    });
}
