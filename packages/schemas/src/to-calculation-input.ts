import type {
  CalculationInput,
  CalculationOptions,
  CarDetailInput,
  CorporateTaxRate,
  ProjectionOptions,
  TaxpayerProfile,
} from "@cartax/engine";
import type { CalculationRequestBody } from "./calculation-request-schema";
import type { CarDetailBody } from "./car-detail-schema";

/** The engine's view of a validated CarDetail body. */
export function toCarDetailInput(car: CarDetailBody): CarDetailInput {
  return {
    catalogPrice: car.catalogPrice,
    firstRegistration: car.firstRegistration ?? null,
    fuel: car.fuel,
    euroStandard: car.euroStandard,
    kilowatt: car.kilowatt,
    wltp: car.wltp ?? null,
    nedC2: car.nedC2,
    capacity: car.capacity ?? null,
    weight: car.weight ?? null,
    batteryCapacity: car.batteryCapacity ?? null,
    nedC2NonHybrid: car.nedC2NonHybrid ?? null,
    wltpNonHybrid: car.wltpNonHybrid ?? null,
    euro6eBis: car.euro6eBis ?? null,
    oldtimerPlate: car.oldtimerPlate ?? null,
  };
}

/** The engine's taxpayer of a validated UserProfile. */
export function toTaxpayerProfile(p: CalculationRequestBody["userProfile"]): TaxpayerProfile {
  return {
    status: p.status,
    registrationOn: p.registrationOn,
    region: p.regionRegistration,
    hasFuelCard: p.hasFuelCard ?? false,
    postalCode: p.postalCode,
    language: p.language ?? "en",
  };
}

/** The engine's options of validated CalculationOptions. */
export function toCalculationOptions(o: CalculationRequestBody["options"]): CalculationOptions {
  return {
    registrationDate: o.registrationDate,
    orderDate: o.orderDate ?? null,
    totalDiscount: o.totalDiscount ?? null,
    ownMonthlyCost: o.ownMonthlyCost ?? null,
  };
}

/** The holding period and the stated rates of a validated ProjectionOptions (Projection, Compare). */
export interface ProjectionOptionsBody {
  readonly years?: number | null | undefined;
  readonly until?: string | null | undefined;
  readonly assumeLatestRules?: boolean | null | undefined;
  readonly corporateTaxRate?: CorporateTaxRate | null | undefined;
  readonly employeeMarginalRate?: number | null | undefined;
  readonly yearlyCarCosts?: number | null | undefined;
}

/** The engine's projection options of validated ProjectionOptions: absent and null alike left out. */
export function toProjectionOptions(o: ProjectionOptionsBody): ProjectionOptions {
  return {
    years: o.years ?? undefined,
    until: o.until ?? undefined,
    assumeLatestRules: o.assumeLatestRules ?? undefined,
    corporateTaxRate: o.corporateTaxRate ?? undefined,
    employeeMarginalRate: o.employeeMarginalRate ?? undefined,
    yearlyCarCosts: o.yearlyCarCosts ?? undefined,
  };
}

/** The engine input of a validated CalculationRequest and the car it refers to. */
export function toCalculationInput(request: CalculationRequestBody, car: CarDetailInput): CalculationInput {
  const { userProfile: p, options: o } = request;
  return {
    car,
    profile: toTaxpayerProfile(p),
    options: toCalculationOptions(o),
    ...(p.viewOptions != null ? { viewOptions: p.viewOptions } : {}),
  };
}
