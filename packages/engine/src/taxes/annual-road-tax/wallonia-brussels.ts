import { add } from "../../core/exact";
import { ResultBuilder } from "../../core/result-builder";
import type { TaxResult } from "../../core/tax-result";
import type { LineContext } from "../../input/line-context";
import { isZeroEmission } from "../../input/vehicle";
import { LEGAL_TEXTS } from "../../law/legal-texts";
import { rowAt } from "../../law/parameter-table";
import { recordDates, regionalHorsepower } from "../regional-shared/regional-car";
import { walloonOldtimerPlateMet } from "../regional-shared/wallonia-oldtimer-plate";
import { type OldCarAge, oldCarRoadTax, registeredMoreThan } from "./old-car";
import { brusselsOldCarRoadTax, OLD_CAR_YEARS, walloniaOldCarRoadTax } from "./old-car-parameters";
import { lpgSupplement, SCALE_FORMULA, scaleBase, withSurcharge } from "./scale";
import { brusselsRoadTaxScale, SCALE_CLASSES, walloniaRoadTaxScale } from "./scale-parameters";

/** Battery-electric and hydrogen cars pay the lowest (≤4 HP) class in Wallonia and Brussels. */
const ZERO_EMISSION_HORSEPOWER = SCALE_CLASSES.firstHorsepower;

/**
 * The annual road tax in Wallonia and Brussels, every owner (leasing companies included): the scale of the
 * index window in force on the evaluation date × 1.10, + the LPG supplement. No CO2, Euro-norm or
 * mass element.
 */
export function walloniaBrusselsAnnualRoadTax(ctx: LineContext): TaxResult {
  const { car, profile } = ctx.input;
  const b = new ResultBuilder(
    "YearlyTax",
    ctx,
    profile.region === "Brussels" ? LEGAL_TEXTS.brusselsRoadTax : LEGAL_TEXTS.walloniaRoadTax,
  );
  recordDates(ctx, b);
  if (profile.registrationOn === "LeasingCompanyRegistration") b.note("leasingCompany");
  const old = oldCar(ctx, b);
  if (old) {
    const flat = profile.region === "Brussels" ? brusselsOldCarRoadTax : walloniaOldCarRoadTax;
    return oldCarRoadTax(ctx, b, flat, old);
  }
  const table = profile.region === "Brussels" ? brusselsRoadTaxScale : walloniaRoadTaxScale;
  const row = rowAt(table, ctx.evaluationDate);
  if (!row) return b.rulesNotAvailable(`${table.id} ${ctx.evaluationDate}`);
  let horsepower = ZERO_EMISSION_HORSEPOWER;
  if (isZeroEmission(car.fuel)) {
    b.note("electricFlatRate");
  } else {
    const fromCapacity = regionalHorsepower(ctx, b);
    if (fromCapacity === undefined) return b.missingInput("missingCapacity", "capacity");
    horsepower = fromCapacity;
  }
  b.setFormula(SCALE_FORMULA);
  const taxed = withSurcharge(b, scaleBase(b, row, horsepower));
  return b.amount(add(taxed, lpgSupplement(b, car.fuel === "LPG", horsepower)));
}

/**
 * Old cars on the evaluation date. Brussels: more than 25 years (the line is provisional up to 30,
 * where Link2Fleet's table says 30). Wallonia: more than 30 years and, for a car registered from
 * 1 January 2022, an O plate (`oldtimerPlate`).
 */
function oldCar(ctx: LineContext, b: ResultBuilder): OldCarAge | undefined {
  const { firstRegistration, evaluationDate } = ctx;
  if (ctx.input.profile.region === "Brussels") {
    const row = OLD_CAR_YEARS.brussels;
    if (!registeredMoreThan(firstRegistration, evaluationDate, row.value.moreThan)) return undefined;
    const disputed = !registeredMoreThan(firstRegistration, evaluationDate, row.value.disputedUpTo);
    return { years: row.value.moreThan, row, provisional: disputed };
  }
  const row = OLD_CAR_YEARS.wallonia;
  if (!registeredMoreThan(firstRegistration, evaluationDate, row.value)) return undefined;
  if (!walloonOldtimerPlateMet(ctx, b)) return undefined;
  return { years: row.value, row };
}
