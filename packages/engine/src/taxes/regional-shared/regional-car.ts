/**
 * What the regional calculators read from the car, after the choices of docs/engine-conventions.md:
 * the CO2 of the branch's cycle, fiscal horsepower from the capacity, age since first registration.
 */

import type { ResultBuilder } from "../../core/result-builder";
import { fiscalHorsepower } from "../../input/fiscal-horsepower";
import type { LineContext } from "../../input/line-context";
import { type Co2Cycle, fuelFamily } from "../../input/vehicle";
import { EURO_CLASS_DERIVATION_SOURCE, type FlemishEuroClass, flemishEuroClass } from "./euro-class";
import { BIV_FORMULA } from "./flanders-biv-formula";

export const isLeasingCompany = (ctx: LineContext): boolean =>
  ctx.input.profile.registrationOn === "LeasingCompanyRegistration";

/** NEDC for cars first registered up to 31 Dec 2020, WLTP after (regional branch rule). */
export const regionalCycle = (ctx: LineContext): Co2Cycle =>
  ctx.firstRegistration <= BIV_FORMULA.nedcBranchUntil ? "NEDC" : "WLTP";

/** The input field holding the CO2 of the branch's cycle, as the HTTP body names it. */
export const co2Field = (ctx: LineContext): "nedC2" | "wltp" =>
  regionalCycle(ctx) === "NEDC" ? "nedC2" : "wltp";

/**
 * The CO2 of the branch's cycle, recorded as input; undefined when the certificate figure of that
 * cycle is missing (nedC2 0 or wltp null/0), which the caller answers with `missingCo2`.
 */
export function regionalCo2(
  ctx: LineContext,
  b: ResultBuilder,
): { cycle: Co2Cycle; co2: number | undefined } {
  const cycle = regionalCycle(ctx);
  const value = cycle === "NEDC" ? ctx.input.car.nedC2 : ctx.input.car.wltp;
  const co2 = typeof value === "number" && value > 0 ? value : undefined;
  b.input("co2Cycle", cycle).input("co2", co2);
  return { cycle, co2 };
}

/** Fiscal horsepower from the capacity (legal formula), recorded as input; undefined without capacity. */
export function regionalHorsepower(ctx: LineContext, b: ResultBuilder): number | undefined {
  const capacity = ctx.input.car.capacity;
  if (typeof capacity !== "number" || !(capacity > 0)) return undefined;
  const horsepower = fiscalHorsepower(capacity);
  b.input("capacity", capacity).input("fiscalHorsepower", horsepower);
  return horsepower;
}

/** Records the dates every regional line depends on. */
export function recordDates(ctx: LineContext, b: ResultBuilder): void {
  b.input("firstRegistration", ctx.firstRegistration);
}

/**
 * The Flemish Euro class (air component, Euro correction) and the fuel column of those tables
 * (diesel, or petrol and other fuels), recorded as inputs; a derived Euro class is noted.
 */
export function flemishEuroColumn(
  ctx: LineContext,
  b: ResultBuilder,
): { euroClass: FlemishEuroClass; family: "diesel" | "petrol" } {
  const { car } = ctx.input;
  const { euroClass, derived } = flemishEuroClass(car.euroStandard, ctx.firstRegistration);
  b.input("euroStandard", car.euroStandard).input("euroClass", euroClass);
  if (derived)
    b.note("euroNormDerived", { euroClass }).input("euroClassSource", EURO_CLASS_DERIVATION_SOURCE.href);
  return { euroClass, family: fuelFamily(car.fuel) === "diesel" ? "diesel" : "petrol" };
}
