/**
 * What String(value) writes for a number that is not whole, with at most six decimals below a
 * billion (the law's amounts, rates and factors), in integer arithmetic: V8 turns a fractional
 * double into its shortest digits in hundreds of nanoseconds. The first scale at which the value is
 * a whole number of units gives String's digits (the shortest that read back as the value; at these
 * magnitudes no other decimal with as many digits reads back the same). Undefined otherwise.
 *
 * The service's own (issue 39): the JSON writer's trick (fast-json.ts) lives behind the service's
 * seam, not in the published engine's API. The engine keeps its twin for the decimals of its
 * explanations, with the language's decimal sign; both are pinned to String by property tests.
 */
export function shortDecimal(value: number): string | undefined {
  const magnitude = Math.abs(value);
  if (!(magnitude < 1e9)) return undefined;
  for (let digits = 1, scale = 10; digits <= 6; digits++, scale *= 10) {
    const units = Math.round(magnitude * scale);
    if (units / scale !== magnitude) continue;
    const whole = Math.floor(units / scale);
    let fraction = String(units - whole * scale);
    while (fraction.length < digits) fraction = `0${fraction}`;
    return `${value < 0 ? "-" : ""}${whole}.${fraction}`;
  }
  return undefined;
}
