import type { ResultBuilder } from "../../core/result-builder";
import type { LineContext } from "../../input/line-context";
import { WALLOON_OLDTIMER_PLATE_FROM } from "./wallonia-oldtimer-plate-parameters";

/**
 * Whether a Walloon car old enough for the flat amounts meets the plate condition: an O plate
 * (`oldtimerPlate`), or a registration before the day the plate became required, which the
 * explanation then names.
 */
export function walloonOldtimerPlateMet(ctx: LineContext, b: ResultBuilder): boolean {
  if (ctx.input.car.oldtimerPlate === true) return true;
  const row = WALLOON_OLDTIMER_PLATE_FROM;
  if (ctx.registrationDate >= row.value) return false;
  b.paramValue("oldtimerPlateRequiredFrom", "date", row.value, row.sources[0], false, row.parameter);
  return true;
}
