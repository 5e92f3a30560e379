import { EuroStandard, FuelType, isPluginHybrid, isZeroEmission } from "@cartax/engine";
import { z } from "zod";
import { isoDateSchema } from "./date-schema";
import { enumSchema } from "./enum-schema";

/**
 * Bounds the spec leaves "not shown": generous limits of real cars, so that typos (a price in
 * cents, CO2 in mg) are caught as 400 instead of producing absurd taxes.
 */
export const CAR_DETAIL_LIMITS = {
  maxCatalogPrice: 10_000_000,
  maxKilowatt: 2_000,
  maxCo2: 1_000,
  maxCapacity: 20_000,
  maxWeight: 10_000,
  maxBatteryKwh: 500,
  maxNameLength: 200,
} as const;

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
