import type { CarDetailInput } from "../../calculation-input";
import type { Region, RegistrationOn } from "../../enums";
import { yearOf } from "../../iso-date";
import { type LineContext, lineContext } from "../../line-context";

/** A line context for a car registered on `registrationDate` (line year = that year unless given). */
export function contextFor(
  car: Partial<CarDetailInput>,
  region: Region,
  registrationDate: string,
  options: { registrationOn?: RegistrationOn; lineYear?: number } = {},
): LineContext {
  return lineContext(
    {
      car: { catalogPrice: 30000, fuel: "Petrol", euroStandard: "Euro6", kilowatt: 90, nedC2: 0, ...car },
      profile: { status: "Private", registrationOn: options.registrationOn ?? "PrivateRegistration", region },
      options: { registrationDate },
    },
    options.lineYear ?? yearOf(registrationDate),
  );
}
