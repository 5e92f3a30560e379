import type { LineContext } from "../line-context";
import type { TaxResult } from "../tax-result";
import { brusselsRegistrationTax } from "./regional/brussels-registration-tax";
import { flandersLeasingRegistrationTax } from "./regional/flanders-leasing-registration-tax";
import { flandersRegistrationTax } from "./regional/flanders-registration-tax";
import { isLeasingCompany } from "./regional/regional-car";
import { walloniaRegistrationTax } from "./regional/wallonia-registration-tax";

/**
 * The registration tax (belasting op de inverkeerstelling / taxe de mise en circulation; the
 * contract's RoadTax): one-off, on the registration of options.registrationDate, in the region of
 * the profile. Companies with leasing activities are on
 * their own regime in every region (docs/engine-conventions.md).
 */
export function registrationTax(ctx: LineContext): TaxResult {
  const leasing = isLeasingCompany(ctx);
  switch (ctx.input.profile.region) {
    case "Flanders":
      return leasing ? flandersLeasingRegistrationTax(ctx) : flandersRegistrationTax(ctx);
    case "Wallonia":
      return walloniaRegistrationTax(ctx, leasing);
    case "Brussels":
      return brusselsRegistrationTax(ctx, leasing);
  }
}
