import { CAR_DETAIL_LIMITS, carDetailIssues, EuroStandard, FuelType } from "@cartax/engine";
import { z } from "zod";
import { isoDateSchema } from "./date-schema";
import { enumSchema } from "./enum-schema";
import { toCarDetailInput } from "./to-calculation-input";

const L = CAR_DETAIL_LIMITS;
const co2 = z.number().int("must be a whole number of g/km").min(0).max(L.maxCo2);

/** The CarDetail resource (docs/contract.md, CarDetail). id and ownerId are ignored on write. */
export const carDetailSchema = z
  .object({
    id: z.unknown().optional(),
    ownerId: z.unknown().optional(),
    name: z.string().max(L.maxNameLength).nullish(),
    internalName: z.string().max(L.maxNameLength).nullish(),
    catalogPrice: z.number().min(0).max(L.maxCatalogPrice),
    firstRegistration: isoDateSchema.nullish(),
    fuel: enumSchema(FuelType, "fuel"),
    euroStandard: enumSchema(EuroStandard, "euroStandard"),
    kilowatt: z.number().min(0).max(L.maxKilowatt),
    wltp: co2.nullish(),
    nedC2: co2,
    capacity: z.number().int("must be a whole number of cc").min(1).max(L.maxCapacity).nullish(),
    weight: z.number().int("must be a whole number of kg").min(1).max(L.maxWeight).nullish(),
    batteryCapacity: z.number().min(0).max(L.maxBatteryKwh).nullish(),
    nedC2NonHybrid: co2.nullish(),
    wltpNonHybrid: co2.nullish(),
    isActive: z.boolean().default(true),
    /**
     * Extension (not in the spec's CarDetail): whether the certificate states Euro 6e-bis. When
     * absent the engine infers it from the dates (docs/engine-conventions.md).
     */
    euro6eBis: z.boolean().nullish(),
  })
  // The cross-field rules (wltp from 2021, capacity for combustion fuels, battery of a plug-in
  // hybrid, dates) are the engine's, one implementation for the engine, the CLI and the service;
  // a stored car has no registration date, so wltp follows firstRegistration alone.
  .superRefine((car, ctx) => {
    for (const issue of carDetailIssues(toCarDetailInput(car), null)) {
      ctx.addIssue({
        code: "custom",
        path: [issue.field],
        message: issue.message,
        params: { rule: issue.rule },
      });
    }
  });

export type CarDetailBody = z.output<typeof carDetailSchema>;
