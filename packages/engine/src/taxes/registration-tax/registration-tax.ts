import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { isLeasingCompany } from "../regional-shared/regional-car";
import { brusselsRegistrationTax } from "./brussels";
import { flandersRegistrationTax } from "./flanders";
import { flandersLeasingRegistrationTax } from "./flanders-leasing";
import { walloniaRegistrationTax } from "./wallonia";

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
