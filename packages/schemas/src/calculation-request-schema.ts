import { CAR_DETAIL_LIMITS, LANGUAGES, ProfileStatus, Region, RegistrationOn } from "@cartax/engine";
import { z } from "zod";
import { carDetailSchema } from "./car-detail-schema";
import { isoDateSchema } from "./date-schema";
import { enumSchema } from "./enum-schema";

/** UserProfile (interface spec). */
export const userProfileSchema = z.object({
  postalCode: z.number().int("must be a whole number").min(1000).max(9992),
  status: enumSchema(ProfileStatus, "status"),
  registrationOn: enumSchema(RegistrationOn, "registrationOn"),
  regionRegistration: enumSchema(Region, "regionRegistration"),
  viewOptions: z.number().int().min(0).max(0x7fffffff).nullish(),
  hasFuelCard: z.boolean().nullish(),
  language: z.enum(LANGUAGES).nullish(),
});

/** CalculationOptions (interface spec). */
export const calculationOptionsSchema = z.object({
  registrationDate: isoDateSchema,
  orderDate: isoDateSchema.nullish(),
  totalDiscount: z.number().min(0).nullish(),
  ownMonthlyCost: z.number().min(0).max(CAR_DETAIL_LIMITS.maxOwnMonthlyCost).nullish(),
});

/** CalculationRequest (interface spec): one of carDetailId or carDetail; carDetail wins. */
export const calculationRequestSchema = z
  .object({
    carDetailId: z.uuid().nullish(),
    carDetail: carDetailSchema.nullish(),
    userProfile: userProfileSchema,
    options: calculationOptionsSchema,
    version: z.string().max(50).nullish(),
  })
  .superRefine((request, ctx) => {
    if (request.carDetail == null && request.carDetailId == null) {
      ctx.addIssue({
        code: "custom",
        path: ["carDetail"],
        message: "one of carDetailId or carDetail must be given",
        params: { rule: "oneOf" },
      });
    }
  });

export type CalculationRequestBody = z.output<typeof calculationRequestSchema>;
