/**
 * Annual road tax by fiscal horsepower, per index window (1 July – 30 June), BEFORE the 10 %
 * opdeciem / décimes additionnels. Flanders indexes the 1 July 2013 amounts of VCF art. 2.2.4.0.1 §2
 * by art. 2.2.4.0.3 (derived rows); Wallonia and Brussels publish their own tables, which differ by
 * 0.12 € in several classes (their method is not the Flemish one). Where a source publishes only the
 * amounts including the 10 %, the base is the unique 0.12 € multiple whose × 1.10 rounds to it
 * (checked in scale-parameters.test.ts).
 */
import { constantRow, openBound, parameter } from "../../law/parameters";

export interface RoadTaxScale {
  /** Amounts for ≤4, 5, 6, … 20 fiscal HP (index = HP − 4). */
  readonly upTo20: readonly number[];
  /** Added per fiscal HP above 20. */
  readonly perHorsepowerAbove20: number;
  /** Cells derived against the reference's printed figure (results using them are provisional). */
  readonly provisionalCells?: readonly (number | "above20")[];
}

/**
 * Flanders: the 1 July 2013 amounts of VCF art. 2.2.4.0.1 §2 indexed by art. 2.2.4.0.3 (each row an
 * indexed amount: base × the coefficient the agency's notice prints, four decimals, in
 * `flanders.roadTax.indexCoefficient`; rounded to the cent, then lowered to a multiple of 0.12 €).
 */
export const flandersRoadTaxScale = parameter<RoadTaxScale>("flanders.roadTax.scale");

/**
 * Cars of leasing companies established in Flanders: the same Flemish table, as the codex reads (art.
 * 2.2.4.0.1 §2 for every owner, indexed by art. 2.2.4.0.3 without a leasing exception); a parameter
 * of its own because the question is open (provisional rows; docs/research/flemish-road-tax-index.md).
 */
export const leasingRoadTaxScale = parameter<RoadTaxScale>("flanders.roadTax.leasingScale");

/**
 * Wallonia and Brussels (one table: the official 2022-23 notices are identical, and FEBIAC 2026-27
 * gives identical amounts). 2026-27: FEBIAC's 9 HP amount (373.16 incl. → 339.24) is 0.12 € above
 * the Flemish simulator's 339.12; the other classes are assumed equal to the Flemish table.
 */
export const walloniaRoadTaxScale = parameter<RoadTaxScale>("wallonia.roadTax.scale");

/**
 * Brussels: the same amounts, but from 1 July 2023 to 30 June 2026 no Brussels table was read, and
 * a press lead (sudinfo, June 2023: "+1.73 %" in Brussels) contradicts equality (regional note §4.2,
 * open-questions §2c): those windows are provisional.
 */
export const brusselsRoadTaxScale = parameter<RoadTaxScale>("brussels.roadTax.scale");

/** The 10 % opdeciem (VCF art. 2.2.4.0.5) / décimes additionnels charged on the road tax. */
const surcharge = constantRow<number>("regional.roadTax.surcharge");
export const ROAD_TAX_SURCHARGE = { factor: surcharge.value, source: surcharge.sources[0] } as const;

/**
 * Additional road tax of LPG cars (aanvullende verkeersbelasting / taxe de circulation
 * complémentaire, VCF art. 2.2.4.0.4): not indexed, no opdeciem, all regions and owners.
 */
const lpgSupplement = constantRow<readonly { maxHorsepower: number | null; amount: number }[]>(
  "regional.roadTax.lpgSupplement",
);
export const LPG_SUPPLEMENT: readonly { readonly maxHorsepower: number; readonly amount: number }[] =
  lpgSupplement.value.map((band) => ({ maxHorsepower: openBound(band.maxHorsepower), amount: band.amount }));
export const LPG_SUPPLEMENT_SOURCES = lpgSupplement.sources;

/** The first class of the scale (≤ that many fiscal HP) and the last before the amount per HP. */
export const SCALE_CLASSES = constantRow<{
  readonly firstHorsepower: number;
  readonly lastHorsepower: number;
}>("regional.roadTax.scaleClasses").value;

/** The amount of the scale for a fiscal HP (≤4 HP pays the first class). */
export function scaleAmount(
  table: RoadTaxScale,
  horsepower: number,
): { base: number; extraHorsepower: number } {
  const last = table.upTo20.length - 1;
  const index = Math.min(Math.max(horsepower - SCALE_CLASSES.firstHorsepower, 0), last);
  return {
    base: table.upTo20[index] ?? 0,
    extraHorsepower: Math.max(horsepower - SCALE_CLASSES.lastHorsepower, 0),
  };
}
