import { add, dec, type Fraction, int, mul, round } from "../../core/exact";
import type { ResultBuilder } from "../../core/result-builder";
import type { ParameterRow } from "../../law/parameter-table";
import { bandFor } from "../../law/parameter-table";
import {
  LPG_SUPPLEMENT,
  LPG_SUPPLEMENT_SOURCES,
  ROAD_TAX_SURCHARGE,
  type RoadTaxScale,
  SCALE_CLASSES,
  scaleAmount,
} from "./scale-parameters";

/** T(HP): the scale amount of the window before the 10 %, beyond 20 HP + the amount per HP. */
export function scaleBase(b: ResultBuilder, row: ParameterRow<RoadTaxScale>, horsepower: number): Fraction {
  const { base, extraHorsepower } = scaleAmount(row.value, horsepower);
  const source = row.sources[0];
  const cells = row.value.provisionalCells ?? [];
  const classes = SCALE_CLASSES;
  const cellProvisional = cells.includes(
    Math.min(Math.max(horsepower, classes.firstHorsepower), classes.lastHorsepower),
  );
  b.paramValue("scaleAmount", "EUR/year", base, source, row.provisional === true || cellProvisional);
  b.note("indexedTable", { indexWindow: row.from });
  if (extraHorsepower === 0) return dec(base);
  const perHorsepower = b.paramValue(
    "perHorsepowerAbove20",
    "EUR/year",
    row.value.perHorsepowerAbove20,
    source,
    row.provisional === true || cells.includes("above20"),
  );
  return add(dec(base), mul(int(extraHorsepower), dec(perHorsepower)));
}

/** "× 1.1": the surcharge as the explanations' formulas write it, from its parameter. */
export const SURCHARGE_TEXT = `× ${ROAD_TAX_SURCHARGE.factor}`;

/** The formula of the plain scale: the window's amount × the surcharge, + the LPG supplement. */
export const SCALE_FORMULA = `scale(fiscal HP) ${SURCHARGE_TEXT} [+ LPG supplement]`;

/** × 1.10 (opdeciem / décimes additionnels), rounded to the cent. */
export function withSurcharge(b: ResultBuilder, amount: Fraction): Fraction {
  return round(
    mul(
      amount,
      dec(b.paramValue("surcharge", "factor", ROAD_TAX_SURCHARGE.factor, ROAD_TAX_SURCHARGE.source)),
    ),
    2,
  );
}

/** LPG cars: + the unindexed additional road tax (89.16 / 148.68 / 208.20), outside the 10 %. */
export function lpgSupplement(b: ResultBuilder, fuelIsLpg: boolean, horsepower: number): Fraction {
  if (!fuelIsLpg) return int(0);
  const amount = bandFor(LPG_SUPPLEMENT, (s) => horsepower <= s.maxHorsepower).amount;
  b.note("lpgAdjustment");
  return dec(b.paramValue("lpgSupplement", "EUR/year", amount, LPG_SUPPLEMENT_SOURCES[0]));
}
