import { CAR_DETAIL_LIMITS, EuroStandard, FuelType, isPluginHybrid, isZeroEmission } from "@cartax/engine";
import { z } from "zod";
import { isoDateSchema } from "./date-schema";
import { enumSchema } from "./enum-schema";

const L = CAR_DETAIL_LIMITS;
const co2 = z.number().int("must be a whole number of g/km").min(0).max(L.maxCo2);

/** The CarDetail resource (interface spec, CarDetail). id and ownerId are ignored on write. */
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
  .superRefine((car, ctx) => {
    if (car.firstRegistration && car.firstRegistration >= "2021-01-01" && car.wltp == null) {
      ctx.addIssue({
        code: "custom",
        path: ["wltp"],
        message: "wltp is mandatory when firstRegistration is on or after 2021-01-01",
        params: { rule: "requiredFrom2021" },
      });
    }
    if (!isZeroEmission(car.fuel) && car.capacity == null) {
      ctx.addIssue({
        code: "custom",
        path: ["capacity"],
        message: `capacity is required when fuel is ${car.fuel}`,
        params: { rule: "requiredForFuel" },
      });
    }
    if (isPluginHybrid(car.fuel) && car.batteryCapacity == null) {
      ctx.addIssue({
        code: "custom",
        path: ["batteryCapacity"],
        message: `batteryCapacity is required when fuel is ${car.fuel}`,
        params: { rule: "requiredForFuel" },
      });
    }
  });

export type CarDetailBody = z.output<typeof carDetailSchema>;
