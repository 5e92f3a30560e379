import {
  EuroStandard,
  enumNames,
  FuelType,
  ProfileStatus,
  parseEnum,
  Region,
  RegistrationOn,
} from "@cartax/engine";
import { z } from "zod";

/** The OpenAPI component name of each enumeration of requests. */
const COMPONENT_NAMES = new Map<unknown, string>([
  [FuelType, "FuelType"],
  [EuroStandard, "EuroStandard"],
  [ProfileStatus, "ProfileStatus"],
  [RegistrationOn, "RegistrationOn"],
  [Region, "Region"],
]);

/**
 * An enumeration field: accepts the numeric value or the name (docs/contract.md, Enumerations) and
 * yields the name.
 */
export function enumSchema<E extends Readonly<Record<string, number>>>(enumeration: E, label: string) {
  const names = enumNames(enumeration);
  const allowed = names.map((name) => `${name} (${enumeration[name]})`).join(", ");
  const description = `The name or the numeric value of one of: ${allowed}. Returned as the name.`;
  const id = COMPONENT_NAMES.get(enumeration);
  return (
    z
      .union([z.string(), z.number()])
      .describe(description)
      // Documented as the names (a string enumeration) or the numbers the spec allows, so that a
      // typed client refuses a misspelt name; the validation below says the same in words.
      .meta({
        ...(id ? { id } : {}),
        description,
        anyOf: [
          { type: "string", enum: names },
          { type: "integer", enum: names.map((name) => enumeration[name]) },
        ],
      })
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
      })
  );
}
