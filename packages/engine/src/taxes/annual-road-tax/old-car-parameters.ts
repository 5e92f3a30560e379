/**
 * Flat annual road tax of old cars (amounts before the opdeciem / décimes additionnels in the
 * parameter files), and the ages from which it applies (docs/research/regional-fixes.md §2):
 * - Flanders, VCF art. 2.2.4.0.2 §1, 1°: cars "die bij het ontstaan van de belastingplicht sinds meer
 *   dan dertig jaar in het verkeer zijn gebracht", whatever their plate;
 * - Brussels: cars first registered more than 25 years ago (Bruxelles Fiscalité as quoted by Guide
 *   Mobilité and the BEHVA; Link2Fleet's group-1 table says "meer dan 30 jaar": between 25 and 30
 *   years the line is provisional);
 * - Wallonia: cars over 30 years; registered from 1 January 2022, only under an O plate (the car field
 *   `oldtimerPlate`; `wallonia.oldtimerPlateFrom`).
 */
import { constantRow, parameter } from "../../law/parameters";

export const flandersOldCarRoadTax = parameter<number>("flanders.roadTax.oldCarFlat");
export const brusselsOldCarRoadTax = parameter<number>("brussels.roadTax.oldCarFlat");
export const walloniaOldCarRoadTax = parameter<number>("wallonia.roadTax.oldCarFlat");

/** The ages (statutory constants, read once): more than this many years since the first registration. */
export const OLD_CAR_YEARS = {
  flanders: constantRow<number>("flanders.roadTax.oldCarYears"),
  brussels: constantRow<{ readonly moreThan: number; readonly disputedUpTo: number }>(
    "brussels.roadTax.oldCarYears",
  ),
  wallonia: constantRow<number>("wallonia.roadTax.oldCarYears"),
} as const;
