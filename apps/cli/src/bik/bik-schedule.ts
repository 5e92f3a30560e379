import { type BenefitInKindSchedule, benefitInKindSchedule, formatEuro, type Language } from "@cartax/engine";
import {
  fieldErrorsOf,
  fieldErrorsOfInputIssues,
  type ProblemDetails,
  scheduleRequestSchema,
  toCalculationInput,
  toCarDetailInput,
  validationProblem,
} from "@cartax/schemas";

export type ScheduledRequest =
  | { readonly ok: true; readonly schedule: BenefitInKindSchedule; readonly language: Language }
  | { readonly ok: false; readonly problem: ProblemDetails };

/**
 * The benefit in kind month by month of a BenefitInKindScheduleRequest (the body of POST
 * /v1/BenefitInKind/schedule, inline carDetail), with no server: the same schema, the same engine.
 */
export function scheduleRequest(json: unknown): ScheduledRequest {
  const parsed = scheduleRequestSchema.safeParse(json, { reportInput: true });
  if (!parsed.success) return { ok: false, problem: validationProblem(fieldErrorsOf(parsed.error)) };
  const request = parsed.data;
  if (!request.carDetail)
    return {
      ok: false,
      problem: validationProblem([
        { field: "carDetail", rule: "inlineRequired", message: "carDetail is required without a server" },
      ]),
    };
  const input = toCalculationInput(request, toCarDetailInput(request.carDetail));
  const outcome = benefitInKindSchedule(input, {
    from: request.options.from ?? request.options.registrationDate,
    until: request.options.until,
    assumeLatestRules: request.options.assumeLatestRules ?? undefined,
  });
  if (!outcome.ok) return { ok: false, problem: validationProblem(fieldErrorsOfInputIssues(outcome.issues)) };
  const { ok: _ok, ...schedule } = outcome;
  return { ok: true, schedule, language: request.userProfile.language ?? "en" };
}

/** The schedule as a table: one row per month, then each year's total as the tax form carries it. */
export function formatSchedule(schedule: BenefitInKindSchedule, language: Language): string {
  const euro = (value: number | null) => (value === null ? "—" : formatEuro(value, language));
  const rows = schedule.months.map((m) =>
    [
      m.month,
      String(m.days).padStart(4),
      m.ageCoefficient === null ? "   —" : `${String(m.ageCoefficient).padStart(3)}%`,
      euro(m.grossAmount).padStart(14),
      euro(m.ownContribution).padStart(12),
      euro(m.amount).padStart(14),
      m.provisional
        ? "provisional"
        : m.missingParameters.length > 0
          ? `not published: ${m.missingParameters.join(", ")}`
          : "",
    ].join("  "),
  );
  const years = schedule.years.map(
    (y) =>
      `${y.year}: ${y.days} days, total ${euro(y.total)}${y.complete ? "" : " (incomplete)"}${y.provisional ? " provisional" : ""}`,
  );
  return [
    `benefit in kind from ${schedule.from} to ${schedule.until} (per calendar day: ${schedule.countingRule.source.title})`,
    "month    days   age           gross   own contr.          amount",
    ...rows,
    "",
    ...years,
  ].join("\n");
}
