import {
  type BenefitInKindSchedule,
  benefitInKindSchedule,
  type CalculationLine,
  calculate,
  type Language,
  type ProjectionOutcome,
  project,
  toCalculationLines,
  type UnavailableLine,
} from "@cartax/engine";
import type { CalculationRequestBody, CarDetailBody } from "@cartax/schemas";
import { toCalculationInput, toCarDetailInput } from "@cartax/schemas/to-calculation-input";
import { type FieldProblem, type FieldWarning, readForm } from "./simulator-fields";

/** What the simulator shows for the form's values: the lines of Calculate and of Projection, or what to fix. */
export type Simulation =
  | {
      readonly ok: true;
      readonly lines: readonly CalculationLine[];
      readonly unavailableLines: readonly UnavailableLine[];
      readonly projection: ProjectionOutcome;
      readonly years: number;
      /**
       * The benefit in kind month by month over the holding period (as POST
       * /v1/BenefitInKind/schedule with the projection's from/until and assumeLatestRules), or null.
       */
      readonly schedule: BenefitInKindSchedule | null;
      /** Values computed but unusual for a car, said before the answer. */
      readonly warnings: readonly FieldWarning[];
    }
  | { readonly ok: false; readonly problems: readonly FieldProblem[] };

/**
 * The form's values through the engine exactly as the service takes a body: the same
 * `toCalculationInput` as POST /v1/Calculate (`@cartax/schemas`), then `calculate` and the lines in
 * the page's language; the projection as POST /v1/Projection with `assumeLatestRules` (a year
 * whose rules are not published yet reads the latest, and is marked). Pure: the server renders
 * the first answer with it, the browser every later one.
 */
export function simulate(
  values: Readonly<Record<string, string | undefined>>,
  language: Language,
): Simulation {
  const reading = readForm(values, language);
  if (!reading.ok) return reading;
  const request = reading.body as unknown as CalculationRequestBody;
  const input = toCalculationInput(
    request,
    toCarDetailInput(reading.body.carDetail as unknown as CarDetailBody),
  );
  const outcome = calculate(input);
  if (!outcome.ok)
    return {
      ok: false,
      problems: outcome.issues.map((issue) => ({
        name: issue.field.split(".").pop() ?? issue.field,
        rule: "range" as const,
        message: issue.message,
      })),
    };
  const { lines, unavailableLines } = toCalculationLines(outcome.results, language);
  const projection = project(input, { years: reading.years, assumeLatestRules: true });
  const schedule = projection.ok
    ? benefitInKindSchedule(input, {
        from: projection.from,
        until: projection.until,
        assumeLatestRules: true,
        language,
      })
    : null;
  return {
    ok: true,
    lines,
    unavailableLines,
    projection,
    schedule: schedule?.ok ? schedule : null,
    years: reading.years,
    warnings: reading.warnings,
  };
}
