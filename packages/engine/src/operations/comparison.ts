import { CALCULATORS } from "../core/enums";
import type { CalculationLine, UnavailableLine } from "../explanation/calculation-line";
import { isLanguage } from "../explanation/line-description";
import type { CalculationInputLike, CarDetailInputLike, TaxpayerProfileLike } from "../input/normalize-input";
import type { InputIssue } from "../input/validate-input";
import { type RankBy, type Ranking, rankComparison } from "./comparison-ranking";
import { type Projection, type ProjectionOptions, project, projectionOptionIssues } from "./projection";

export {
  EMPLOYER_TAXES,
  type LeftOutFigure,
  type MissingFigure,
  type RankBy,
  type RankedCar,
  type Ranking,
  type RankingEntry,
  type RankingFigure,
  type RankingTier,
  rankComparison,
} from "./comparison-ranking";

/** Cars a comparison takes: 2 to 50 (issue 22). */
export const COMPARISON_CARS = { min: 2, max: 50 } as const;

/** One car of a comparison: the car, and how the caller names it (echoed in its row). */
export interface ComparisonCar {
  readonly car: CarDetailInputLike;
  /** The stored car's id, when the caller named one. */
  readonly carDetailId?: string | null;
  /** A display name for the row (e.g. make and model), when the caller has one. */
  readonly name?: string | null;
}

/** The options of a comparison: the calculation options shared by every car, and the projection's. */
export type ComparisonOptions = CalculationInputLike["options"] &
  ProjectionOptions & {
    /** The calculators (ViewOptions bitmask or names), all when absent, as in `calculate`. */
    readonly viewOptions?: number | string;
    /** The total to rank by; default `employerTaxes`. */
    readonly rankBy?: RankBy;
  };

/** One row of a comparison: a car with its projection, in the caller's order. */
export interface ComparisonRow extends Projection {
  /** The position of the car in the caller's list (0-based). */
  readonly index: number;
  readonly carDetailId: string | null;
  readonly name: string | null;
  /** The lines of every year, in year order (a flat view of `years`). */
  readonly lines: readonly CalculationLine[];
  readonly unavailableLines: readonly UnavailableLine[];
}

/** A comparison: the rows in the caller's order and the ranking. */
export interface Comparison {
  readonly rows: readonly ComparisonRow[];
  readonly ranking: Ranking;
}

/** What `compare` answers: the comparison, or the input issues that prevent it. */
export type ComparisonOutcome =
  | ({ readonly ok: true } & Comparison)
  | { readonly ok: false; readonly issues: readonly InputIssue[] };

/**
 * Compares 2 to 50 cars for one profile and one set of options: one row per car in the caller's
 * order, each exactly the projection `project` answers for that car (so its first two years are
 * `calculate`'s), plus a ranking by the chosen total. Input issues name the car
 * (`cars[2].carDetail.wltp`); the profile's and options' issues are named once.
 */
export function compare(
  cars: readonly ComparisonCar[],
  profile: TaxpayerProfileLike,
  options: ComparisonOptions,
): ComparisonOutcome {
  const issues: InputIssue[] = [];
  // Checked at run time: the arguments often come from JSON.
  if (typeof options !== "object" || options === null || Array.isArray(options))
    options = {} as ComparisonOptions;
  if (!Array.isArray(cars) || cars.length < COMPARISON_CARS.min || cars.length > COMPARISON_CARS.max) {
    issues.push({
      field: "cars",
      rule: "count",
      message: `cars must hold ${COMPARISON_CARS.min} to ${COMPARISON_CARS.max} cars`,
    });
    return { ok: false, issues };
  }
  const rankBy = options.rankBy ?? "employerTaxes";
  if (rankBy !== "employerTaxes" && !(CALCULATORS as readonly unknown[]).includes(rankBy)) {
    issues.push({
      field: "options.rankBy",
      rule: "enum",
      message: `rankBy must be employerTaxes or one of ${CALCULATORS.join(", ")}`,
    });
  }
  issues.push(...projectionOptionIssues(options, "options"));
  if (issues.length > 0) return { ok: false, issues };
  const { viewOptions, projectionOptions, calculationOptions } = splitOptions(options);
  const rows: ComparisonRow[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < cars.length; index++) {
    const entry: Partial<ComparisonCar> | undefined = isObject(cars[index]) ? cars[index] : undefined;
    const outcome = project(
      { car: entry?.car as CarDetailInputLike, profile, options: calculationOptions, viewOptions },
      projectionOptions,
    );
    if (!outcome.ok) {
      for (const issue of outcome.issues) {
        // The car's issues name the car; the shared ones (profile, options) are said once.
        const field = issue.field.startsWith("carDetail") ? `cars[${index}].${issue.field}` : issue.field;
        const key = `${field}\u0000${issue.rule}`;
        if (seen.has(key)) continue;
        seen.add(key);
        issues.push({ ...issue, field });
      }
      continue;
    }
    rows.push({
      index,
      carDetailId: typeof entry?.carDetailId === "string" ? entry.carDetailId : null,
      name: typeof entry?.name === "string" ? entry.name : null,
      from: outcome.from,
      until: outcome.until,
      years: outcome.years,
      totals: outcome.totals,
      summary: outcome.summary,
      lines: outcome.years.flatMap((year) => year.lines),
      unavailableLines: outcome.years.flatMap((year) => year.unavailableLines),
    });
  }
  if (issues.length > 0) return { ok: false, issues };
  // The ranking's words in the language of the lines (projection.ts: the option, else the profile's).
  const profileLanguage = isObject(profile) ? (profile as { language?: unknown }).language : undefined;
  const language = options.language ?? (isLanguage(profileLanguage) ? profileLanguage : "en");
  return { ok: true, rows, ranking: rankComparison(rows, rankBy, language) };
}

/** The options a projection takes; the rest of a comparison's options are the calculation's. */
const PROJECTION_OPTION_KEYS: readonly string[] = [
  "years",
  "until",
  "assumeLatestRules",
  "language",
  "corporateTaxRate",
  "employeeMarginalRate",
  "yearlyCarCosts",
] satisfies readonly (keyof ProjectionOptions)[];

/** A comparison's options split into the calculators chosen, the projection's and the calculation's. */
function splitOptions(options: ComparisonOptions) {
  const projectionOptions: Record<string, unknown> = {};
  const calculationOptions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (key === "viewOptions" || key === "rankBy") continue;
    if (PROJECTION_OPTION_KEYS.includes(key)) projectionOptions[key] = value;
    else calculationOptions[key] = value;
  }
  return {
    viewOptions: options.viewOptions,
    projectionOptions: projectionOptions as ProjectionOptions,
    calculationOptions: calculationOptions as unknown as CalculationInputLike["options"],
  };
}

const isObject = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !Array.isArray(value);
