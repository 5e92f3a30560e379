/**
 * The Euro-norm classes of the Flemish air component (BIV) and Euro correction (road tax).
 * "Dpf" = a diesel Euro 3 or Euro 4 car with a particle filter, which takes the next better row.
 */
import type { EuroStandard } from "../../core/enums";
import type { IsoDate } from "../../core/iso-date";
import { constantRow } from "../../law/parameters";

export type FlemishEuroClass =
  | "euro0"
  | "euro1"
  | "euro2"
  | "euro3"
  | "euro3Dpf"
  | "euro4"
  | "euro4Dpf"
  | "euro5"
  | "euro6";

/** The enumeration onto the classes; Euro 7 is taxed like Euro 6 (no row of its own yet). */
const BY_STANDARD: Readonly<Record<Exclude<EuroStandard, "NA">, FlemishEuroClass>> = {
  Euro0: "euro0",
  Euro1: "euro1",
  Euro2: "euro2",
  Euro3: "euro3",
  Euro3Filter: "euro3Dpf",
  Euro4: "euro4",
  Euro4Filter: "euro4Dpf",
  Euro5: "euro5",
  Euro6: "euro6",
  Euro7: "euro6",
};

/**
 * Unknown Euro norm: derived from the first registration (VCF art. 2.3.4.1.5): up to 1993 Euro 0,
 * 1994–96 Euro 1, 1997–2000 Euro 2, 2001–05 Euro 3, 2006–10 Euro 4, 1 Jan 2011 – 31 Aug 2015
 * Euro 5, from 1 Sep 2015 Euro 6.
 */
const byFirstRegistration = constantRow<readonly { until: IsoDate; euroClass: FlemishEuroClass }[]>(
  "flanders.euroClassByFirstRegistration",
);
const BY_FIRST_REGISTRATION = byFirstRegistration.value;
export const EURO_CLASS_DERIVATION_SOURCE = byFirstRegistration.sources[0];

export interface EuroClassChoice {
  readonly euroClass: FlemishEuroClass;
  /** True when the class was derived from the first-registration date (euroStandard NA). */
  readonly derived: boolean;
}

export function flemishEuroClass(standard: EuroStandard, firstRegistration: IsoDate): EuroClassChoice {
  if (standard !== "NA") return { euroClass: BY_STANDARD[standard], derived: false };
  const row = BY_FIRST_REGISTRATION.find((r) => firstRegistration <= r.until);
  return { euroClass: row?.euroClass ?? "euro6", derived: true };
}
