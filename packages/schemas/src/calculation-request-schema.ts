import {
  ALL_VIEW_OPTIONS,
  CALCULATORS,
  CAR_DETAIL_LIMITS,
  type InputIssue,
  inputRuleIssues,
  LANGUAGES,
  ProfileStatus,
  parseViewOptions,
  Region,
  RegistrationOn,
  VIEW_OPTIONS_ACCEPTED,
} from "@cartax/engine";
import { z } from "zod";
import { ALSO_WHEN_REFUSED, carDetailSchema, isRecord, RULE_READS } from "./car-detail-schema";
import { isoDateSchema } from "./date-schema";
import { enumSchema } from "./enum-schema";
import { textSchema } from "./text-schema";

/**
 * ViewOptions (docs/contract.md, Enumerations: the number or the name): the bitmask, a flag name, or
 * flags joined by commas as .NET writes a flags enumeration; yields the bitmask. The document types
 * the bitmask as a whole number from 0 to 63 and the flag names as an enumeration (a misspelt name
 * does not compile in a generated client); the joined form is accepted but not typed (an open
 * string would let every misspelling through).
 */
export const viewOptionsSchema = z
  .union([z.number(), z.string()])
  .meta({
    anyOf: [
      {
        // A range, not an enumeration of the 64 masks: a mask computed at run time (a `number`)
        // compiles in a generated client (issue 41); the service refuses a stray bit with a 400.
        type: "integer",
        minimum: 0,
        maximum: ALL_VIEW_OPTIONS,
        description: `A bitmask of calculators: the sum of their flags (0 or absent: all six; at most ${ALL_VIEW_OPTIONS}).`,
      },
      { type: "string", enum: [...CALCULATORS], description: "One calculator by its flag name." },
    ],
  })
  .describe(
    `A bitmask of calculators (63 runs all; absent or 0 too) or one flag name: ${VIEW_OPTIONS_ACCEPTED}. The service also accepts flag names or values joined by commas as .NET writes them ("RoadTax, BenefitInKind"); this document does not type that form (send the number, 5).`,
  )
  .transform((value, ctx) => {
    const mask = parseViewOptions(value);
    if (mask === undefined) {
      ctx.addIssue({
        code: "custom",
        message: `viewOptions must be a ViewOptions bitmask, a flag name or flags joined by commas: ${VIEW_OPTIONS_ACCEPTED}`,
        params: { rule: "enum" },
      });
      return z.NEVER;
    }
    return mask;
  });

/** The language of a calculation's texts (one component, wherever a language is asked). */
export const languageSchema = z.enum(LANGUAGES).meta({ id: "Language" });

/** UserProfile (docs/contract.md). */
export const userProfileSchema = z
  .object({
    postalCode: z.number().int("must be a whole number").min(1000).max(9992),
    status: enumSchema(ProfileStatus, "status"),
    registrationOn: enumSchema(RegistrationOn, "registrationOn"),
    regionRegistration: enumSchema(Region, "regionRegistration"),
    viewOptions: viewOptionsSchema.nullish(),
    hasFuelCard: z.boolean().nullish(),
    language: languageSchema.nullish(),
  })
  .meta({ id: "UserProfile" });

/** CalculationOptions (docs/contract.md). */
export const calculationOptionsSchema = z
  .object({
    registrationDate: isoDateSchema,
    orderDate: isoDateSchema.nullish(),
    totalDiscount: z
      .number()
      .min(0)
      .nullish()
      .describe(
        "The dealer's total discount, VAT included. Accepted and unused: no figure depends on it (the benefit in kind's catalogue value is the price without any discount, art. 36 §2 WIB 92; no other tax computed depends on the price paid).",
      ),
    ownMonthlyCost: z.number().min(0).max(CAR_DETAIL_LIMITS.maxOwnMonthlyCost).nullish(),
  })
  .meta({ id: "CalculationOptions" });

/** The car of a request: a stored one by id, or one inline (both may be sent; carDetail wins). */
export const carReferenceFields = {
  // Any 8-4-4-4-12 hexadecimal GUID, as PUT /CarDetails/{id} accepts (not only RFC 4122 uuids).
  carDetailId: z.guid().nullish(),
  carDetail: carDetailSchema.nullish(),
};

/** The rule of a car reference: one of carDetailId or carDetail must be given. */
export function requireOneCar(
  reference: { readonly carDetailId?: unknown; readonly carDetail?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (reference.carDetail == null && reference.carDetailId == null) {
    ctx.addIssue({
      code: "custom",
      path: ["carDetail"],
      message: "one of carDetailId or carDetail must be given",
      params: { rule: "oneOf" },
    });
  }
}

/** CalculationRequest (docs/contract.md): one of carDetailId or carDetail; carDetail wins. */
export const calculationRequestSchema = z
  .object({
    ...carReferenceFields,
    userProfile: userProfileSchema,
    options: calculationOptionsSchema,
    version: textSchema(50).nullish(),
  })
  .superRefine(requireOneCar, ALSO_WHEN_REFUSED)
  .superRefine(
    engineRulesWhenRefused((body) => [["carDetail", body.carDetail]]),
    {
      when: (payload) => payload.issues.length > 0,
    },
  )
  .meta({ id: "CalculationRequest" });

export type CalculationRequestBody = z.output<typeof calculationRequestSchema>;

/** The dates a cross-field rule of a request compares with (beside those of the car). */
const DATES = ["options.registrationDate", "options.orderDate"];

/** The JSON path of each issue the schema has found so far (zod keeps them on the context). */
function refusedFields(ctx: z.RefinementCtx): string[] {
  const issues = (ctx as { issues?: readonly { path?: readonly PropertyKey[] }[] }).issues ?? [];
  return issues.map((issue) => (issue.path ?? []).map(String).join("."));
}

/** Whether a field, or a field holding it or held by it, was refused already. */
const refusedAlready = (field: string, refused: readonly string[]) =>
  refused.some((r) => r === field || field.startsWith(`${r}.`) || r.startsWith(`${field}.`));

/**
 * The engine's range and cross-field rules of a request (the dates and their order, a car against
 * its registration date, the own contribution), added when the schema refused something else:
 * zod skips refinements then, and the engine only runs on a body the schema accepts, so a caller
 * would learn of them in a second round (issue 41). Run on the values as sent (a refused field
 * keeps its raw value), each rule is reported only for a field the schema has not refused, once.
 * A body the schema accepts meets the same rules in the engine, as before. `carsOf` gives the
 * body's inline cars with the path that names them (`carDetail`, `cars.1.carDetail`).
 */
export function engineRulesWhenRefused(
  carsOf: (body: Record<string, unknown>) => readonly (readonly [string, unknown])[],
) {
  return (body: unknown, ctx: z.RefinementCtx): void => {
    if (!isRecord(body)) return;
    const fields = body;
    const refused = refusedFields(ctx);
    const options = isRecord(fields.options) ? fields.options : {};
    const reported = new Set<string>();
    const report = (issue: InputIssue, field: string) => {
      if (refusedAlready(field, refused) || reported.has(field)) return;
      reported.add(field);
      ctx.addIssue({
        code: "custom",
        path: field.split("."),
        message: issue.message,
        params: { rule: issue.rule },
      });
    };
    const cars = carsOf(fields).filter(([, car]) => isRecord(car));
    // Without an inline car, the options' rules alone (a stored car's are checked once it is read).
    const checked: readonly (readonly [string, unknown])[] = cars.length > 0 ? cars : [["", {}]];
    for (const [path, car] of checked) {
      for (const issue of inputRuleIssues({ car, options })) {
        const ofCar = issue.field.startsWith("carDetail.");
        if (ofCar && path === "") continue;
        // A rule that reads a refused field would read what the schema made of its value.
        const reads = [...(RULE_READS[issue.rule] ?? []).map((field) => `${path}.${field}`), ...DATES];
        if (issue.rule !== "range" && reads.some((field) => refused.includes(field))) continue;
        report(issue, ofCar ? `${path}.${issue.field.slice("carDetail.".length)}` : issue.field);
      }
    }
  };
}
