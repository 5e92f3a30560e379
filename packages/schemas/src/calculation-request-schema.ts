import {
  ALL_VIEW_OPTIONS,
  CALCULATORS,
  CAR_DETAIL_LIMITS,
  LANGUAGES,
  ProfileStatus,
  parseViewOptions,
  Region,
  RegistrationOn,
  VIEW_OPTIONS_ACCEPTED,
} from "@cartax/engine";
import { z } from "zod";
import { carDetailSchema } from "./car-detail-schema";
import { isoDateSchema } from "./date-schema";
import { enumSchema } from "./enum-schema";
import { textSchema } from "./text-schema";

/**
 * Every ViewOptions bitmask, 0 (all, as absent) to 63: the document lists them so that generated
 * clients refuse a bit of no calculator (64) at compile time, which `maximum` alone does not do.
 */
const VIEW_OPTIONS_MASKS = Array.from({ length: ALL_VIEW_OPTIONS + 1 }, (_, mask) => mask);

/**
 * ViewOptions (docs/contract.md, Enumerations: the number or the name): the bitmask, a flag name, or
 * flags joined by commas as .NET writes a flags enumeration; yields the bitmask. The document types
 * the bitmask and the flag names as enumerations (a misspelt name or a stray bit does not compile in
 * a generated client); the joined form is accepted but not typed (an open string would let every
 * misspelling through).
 */
export const viewOptionsSchema = z
  .union([z.number(), z.string()])
  .meta({
    anyOf: [
      {
        type: "integer",
        enum: VIEW_OPTIONS_MASKS,
        description: "A bitmask of calculators: the sum of their flags (0 or absent: all six).",
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
  .superRefine(requireOneCar)
  .meta({ id: "CalculationRequest" });

export type CalculationRequestBody = z.output<typeof calculationRequestSchema>;
