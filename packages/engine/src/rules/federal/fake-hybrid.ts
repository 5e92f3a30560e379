/**
 * "Fake" plug-in hybrids (valse hybrides / faux hybrides): art. 36 §2 and art. 66 §1 WIB 92 as
 * amended by the law of 25/12/2017, KB 5/9/2019, and the law of 18/12/2025 (75 g/km for Euro 6e-bis).
 */
import { citing } from "../parameter-table";

export const FAKE_HYBRID_RULES = {
  /** Only plug-in hybrids acquired (ordered) from this date can be fake hybrids. */
  acquiredFrom: "2018-01-01",
  /** Minimum battery energy per 100 kg of vehicle mass, kWh; the ratio is rounded to 1 decimal. */
  minKwhPer100Kg: 0.5,
  /** Maximum CO2 of a genuine plug-in hybrid, g/km. */
  maxCo2: 50,
  /** For cars whose CO2 is determined under Euro 6e-bis or later, from income year 2025. */
  maxCo2Euro6eBis: 75,
  euro6eBisFromYear: 2025,
  /** With no comparable non-hybrid car, the hybrid's own CO2 × 2.5. */
  fallbackMultiplier: 2.5,
  sources: citing({
    definition:
      "https://www.acerta.be/nl/inspiratie/nieuwe-grenswaarde-voor-kwalificatie-als-valse-plug-hybride-bedrijfswagen",
    rounding: "https://www.link2fleet.be/fr/2de-fiscale-update-voor-plug-hybrides/",
    euro6eBis:
      "https://carcostadvisor.com/blog/fiscaal-regime-phev-voor-zelfstandigen-eindelijk-goedgekeurd/page/2",
    equivalentCo2: "https://www.sodibe.be/nieuws/valse-hybrides",
  }),
} as const;
