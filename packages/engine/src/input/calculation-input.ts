import type { EuroStandard, FuelType, Language, ProfileStatus, Region, RegistrationOn } from "../core/enums";
import type { IsoDate } from "../core/iso-date";

/** The vehicle, as the CarDetail resource of docs/contract.md (enumerations by name). */
export interface CarDetailInput {
  /** Catalogue price excluding VAT, in euros. */
  readonly catalogPrice: number;
  readonly firstRegistration?: IsoDate | null;
  readonly fuel: FuelType;
  readonly euroStandard: EuroStandard;
  readonly kilowatt: number;
  /** WLTP CO2 in g/km. */
  readonly wltp?: number | null;
  /** NEDC 2.0 CO2 in g/km; 0 for a combustion car means "not on the certificate". */
  readonly nedC2: number;
  /** Engine capacity in cc. */
  readonly capacity?: number | null;
  /** Maximum authorised mass in kg (see docs/engine-conventions.md). */
  readonly weight?: number | null;
  /** Battery capacity in kWh. */
  readonly batteryCapacity?: number | null;
  readonly nedC2NonHybrid?: number | null;
  readonly wltpNonHybrid?: number | null;
  /** Overrides the Euro 6e-bis rule of docs/engine-conventions.md when the certificate is known. */
  readonly euro6eBis?: boolean | null;
  /**
   * Registered under an oldtimer (O) plate (extension, not in the spec): Wallonia gives its flat
   * road tax and registration tax of cars over 30 years registered from 1 January 2022 only to such
   * cars (to every car over 30 years registered before). Absent means no.
   */
  readonly oldtimerPlate?: boolean | null;
}

/** The taxpayer of a calculation (docs/contract.md, UserProfile), enumerations as names. */
export interface TaxpayerProfile {
  readonly status: ProfileStatus;
  readonly registrationOn: RegistrationOn;
  /** Region used for the regional taxes. */
  readonly region: Region;
  readonly hasFuelCard?: boolean;
  readonly postalCode?: number;
  readonly language?: Language;
}

/** Options of a calculation (docs/contract.md, CalculationOptions): the dates and the own contribution. */
export interface CalculationOptions {
  /** Intended registration date; the current fiscal year is its year. */
  readonly registrationDate: IsoDate;
  /** Order date (purchase order or lease contract); falls back to registrationDate. */
  readonly orderDate?: IsoDate | null;
  /** Dealer discount incl. VAT; informative only (the BIK catalogue value ignores discounts). */
  readonly totalDiscount?: number | null;
  /** The employee's own monthly contribution, in euros. */
  readonly ownMonthlyCost?: number | null;
}

/** The input of `calculate` once checked: the car, the taxpayer profile and the options, enumerations as names. */
export interface CalculationInput {
  readonly car: CarDetailInput;
  readonly profile: TaxpayerProfile;
  readonly options: CalculationOptions;
  /** Bitmask of calculators (ViewOptions); all when absent. */
  readonly viewOptions?: number;
}
