import {
  CAR_DETAIL_LIMITS,
  carDetailIssues,
  EuroStandard,
  FIRST_REGISTRATION_RANGE,
  FuelType,
} from "@cartax/engine";
import { z } from "zod";
import { isoDateSchema } from "./date-schema";
import { enumSchema } from "./enum-schema";
import { textSchema } from "./text-schema";
import { toCarDetailInput } from "./to-calculation-input";

const L = CAR_DETAIL_LIMITS;
const co2 = z.number().int("must be a whole number of g/km").min(0).max(L.maxCo2);

/**
 * The description of catalogPrice in the OpenAPI document: the price basis, and the trap of a
 * subscription that sends prices including VAT (docs/contract.md, "Catalog prices and VAT").
 */
export const CATALOG_PRICE_DESCRIPTION =
  "Catalog price in EUR excluding VAT, as stored and returned (the Cartax-Price-Basis response header says excl-vat). " +
  "A subscription created with --prices-include-vat sends prices including VAT and the service divides them by 1.21: " +
  "such a client that reads a car and writes it back unchanged divides the price again on every write. " +
  "Send the query parameter priceBasis=excl-vat with a write to give this one request's price excluding VAT.";

/**
 * The fields a cross-field rule of the car reads beside the one it names: with one of them refused,
 * the rule is left for the next round (its answer would rest on a value the schema refused).
 */
export const RULE_READS: Readonly<Record<string, readonly string[]>> = {
  requiredForFuel: ["fuel"],
  requiredFrom2021: ["firstRegistration"],
};

/** A JSON object (not an array): what a refinement of an object's fields can read. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Refinements that also run when a field was refused: on any object (zod skips them otherwise). */
export const ALSO_WHEN_REFUSED = {
  when: (payload: { readonly value: unknown }) => isRecord(payload.value),
} as const;

/** The CarDetail resource (docs/contract.md, CarDetail). id and ownerId are ignored on write. */
export const carDetailSchema = z
  .object({
    // Documented as what the service assigns: a client may send back what it read; it is ignored.
    id: z.unknown().optional().meta({ type: "string", format: "uuid", readOnly: true }),
    ownerId: z.unknown().optional().meta({ type: "string", format: "uuid", readOnly: true }),
    name: textSchema(L.maxNameLength).nullish(),
    internalName: textSchema(L.maxNameLength).nullish(),
    catalogPrice: z.number().min(0).max(L.maxCatalogPrice).describe(CATALOG_PRICE_DESCRIPTION),
    firstRegistration: isoDateSchema
      .describe(
        `The date of first registration, yyyy-MM-dd, from ${FIRST_REGISTRATION_RANGE.from} (the first car) to ${FIRST_REGISTRATION_RANGE.to} (the last registration date calculated); other dates are refused with rule range.`,
      )
      .nullish(),
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
    /**
     * Extension (not in the spec's CarDetail): registered under an oldtimer (O) plate. Wallonia gives
     * its flat road tax and registration tax of cars over 30 years registered from 1 January 2022 only to such cars.
     */
    oldtimerPlate: z
      .boolean()
      .nullish()
      .describe(
        "Extension beyond the spec: registered under an oldtimer (O) plate. Wallonia gives its flat road tax and registration tax of cars over 30 years registered from 1 January 2022 only to such cars; Flanders and Brussels need no plate. Absent or null: no.",
      ),
  })
  // The cross-field rules (wltp from 2021, capacity for combustion fuels, battery of a plug-in
  // hybrid, dates) are the engine's, one implementation for the engine, the CLI and the service;
  // a stored car has no registration date, so wltp follows firstRegistration alone.
  .superRefine(
    (car, ctx) => {
      // One error per violation: a field the schema already refused (a bound, a type) is not
      // reported again by the engine's range of the same bound.
      const refused = new Set(
        (ctx as { issues?: readonly { path?: readonly PropertyKey[] }[] }).issues?.map((i) =>
          String(i.path?.[0]),
        ),
      );
      for (const issue of carDetailIssues(toCarDetailInput(car), null)) {
        if (refused.has(issue.field)) continue;
        // A rule that reads a refused field would read what the schema made of its value.
        if (RULE_READS[issue.rule]?.some((field) => refused.has(field))) continue;
        ctx.addIssue({
          code: "custom",
          path: [issue.field],
          message: issue.message,
          params: { rule: issue.rule },
        });
      }
    },
    // Also when another field was refused (zod skips refinements then): every problem of the car
    // in one answer, the ranges with the types (issue 41).
    ALSO_WHEN_REFUSED,
  )
  .meta({ id: "CarDetailInput" });

export type CarDetailBody = z.output<typeof carDetailSchema>;

/**
 * The CarDetail's fields in the contract's order (docs/contract.md, CarDetail): the one list, read
 * from the schema above. The answer's schema (`carDetailResponseSchema`) is checked against it, and
 * the service builds a car's read from it.
 */
export const CAR_DETAIL_FIELDS = carDetailSchema.keyof().options;
export type CarDetailField = (typeof CAR_DETAIL_FIELDS)[number];
