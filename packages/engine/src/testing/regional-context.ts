import type { Region, RegistrationOn } from "../core/enums";
import { yearOf } from "../core/iso-date";
import type { CarDetailInput } from "../input/calculation-input";
import { type LineContext, lineContext } from "../input/line-context";

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
