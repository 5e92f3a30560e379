import { CALCULATORS, type Calculator, LANGUAGES, type Language } from "../core/enums";
import type { OutcomeWithoutFigure } from "../core/tax-result";
import { describeTier } from "../explanation/texts/ranking-texts";

/**
 * What a comparison can rank by: one calculator's total, or `employerTaxes`, the taxes the
 * employer pays over the period (registration tax + annual road tax + CO2 contribution).
 */
export type RankBy = Calculator | "employerTaxes";

/** The calculators whose totals make up `employerTaxes`. */
export const EMPLOYER_TAXES: readonly Calculator[] = ["RoadTax", "YearlyTax", "CO2Contribution"];

/** One calculator in one year of the holding period. */
export interface RankingFigure {
  readonly viewOption: Calculator;
  readonly year: number;
}

/** A figure another compared car has and this one lacks: why, and for a missing input which fields to give. */
export interface MissingFigure extends RankingFigure {
  readonly outcome: OutcomeWithoutFigure;
  /** With outcome `missingInput`: the fields to give, as the request names them; else empty. */
  readonly missingFields: readonly string[];
}

/** A figure no compared car has (e.g. a year whose rules are not published): left out for every car. */
export interface LeftOutFigure extends RankingFigure {
  /** Why the cars have no figure (distinct outcomes, usually one: `rulesNotAvailable`). */
  readonly outcomes: readonly OutcomeWithoutFigure[];
}

/** A place in the ranking. */
export interface RankingEntry {
  /**
   * 1 is the best. Cars are ranked in tiers (`tier`): a car that lacks a figure another car has
   * ranks after every car that has it and lacks nothing it has; within a tier, by `rawValue`
   * (lowest first; the highest for FiscalDeduction). Equal tier and value: one rank, in the
   * caller's order.
   */
  readonly rank: number;
  /** The tier of the car (1 first): the cars of one tier have exactly the same figures. */
  readonly tier: number;
  /** The row (the car's index in the caller's list). */
  readonly index: number;
  readonly carDetailId: string | null;
  /**
   * The total ranked by, over the basis of the car's tier (every figure the cars of the tier
   * have), so it compares with the values of its tier only; a mean for FiscalDeduction. Null when
   * that basis is empty.
   */
  readonly rawValue: number | null;
  /** Whether the car's own total (its row's totals) is complete: every year of every calculator in it has a figure. */
  readonly complete: boolean;
  /** The figures another compared car has and this car lacks, calculator then year order; empty when none. */
  readonly missingFigures: readonly MissingFigure[];
}

/** A tier of the ranking: cars with the same figures, ranked on all of them. */
export interface RankingTier {
  /** 1 first. */
  readonly tier: number;
  /** The figures every car of the tier has (all of its figures): what its values add. */
  readonly basis: readonly RankingFigure[];
  /** The figures another compared car has and the cars of this tier lack; empty for a tier that lacks none. */
  readonly lacking: readonly RankingFigure[];
  /** The basis and what the tier lacks (and why), in the comparison's language. */
  readonly description: string;
}

/** The ranking of the rows by one total, in tiers. */
export interface Ranking {
  readonly by: RankBy;
  readonly order: "ascending" | "descending";
  readonly entries: readonly RankingEntry[];
  /** The tiers in order; one when no car lacks a figure another car has. */
  readonly tiers: readonly RankingTier[];
  /** The figures (calculator and year) every compared car has (in every tier's basis). */
  readonly basis: readonly RankingFigure[];
  /** The figures of the total that no compared car has (years without published rules, …): left out for all. */
  readonly leftOut: readonly LeftOutFigure[];
}

/** What the ranking needs of a compared car: its lines with and without a figure, and its totals. */
export interface RankedCar {
  /** The car's position in the caller's list (0-based). */
  readonly index: number;
  readonly carDetailId: string | null;
  readonly lines: readonly {
    readonly viewOption: Calculator;
    readonly year: number;
    readonly rawValue: number;
  }[];
  readonly unavailableLines: readonly {
    readonly viewOption: Calculator;
    readonly year: number;
    readonly outcome: OutcomeWithoutFigure;
    readonly missingFields?: readonly string[];
  }[];
  readonly totals: readonly { readonly viewOption: Calculator; readonly complete: boolean }[];
}

type Cell =
  | { readonly cents: number }
  | { readonly outcome: OutcomeWithoutFigure; readonly missingFields: readonly string[] };

const keyOf = (figure: RankingFigure) => `${figure.viewOption}:${figure.year}`;

/**
 * Ranks compared cars by a total, in tiers (issue 40). The figures are the calculators and years
 * of the total; one no car has (a year whose rules are not published) is left out for all and
 * listed in `leftOut`. Cars with the same figures form a tier and are ranked on all of them, so
 * the complete cars compare on their full totals whatever an incomplete car lacks. A car lacking
 * a figure another car has ranks after it when it lacks more figures; tiers lacking as many
 * figures (but different ones) come in the order of the first figure (calculator, then year) one
 * has and the other lacks. So the order of two cars depends on those two cars only: adding a car
 * never reorders the others, leaving out a figure never moves a car up, and a missing figure is
 * never read as zero.
 */
export function rankComparison(cars: readonly RankedCar[], by: RankBy, language: Language = "en"): Ranking {
  const calculators = by === "employerTaxes" ? EMPLOYER_TAXES : [by];
  const order = by === "FiscalDeduction" ? "descending" : "ascending";
  // A public function never throws (never-throws.test.ts): cars not of the shape compare gives
  // have nothing to rank.
  if (!isRankable(cars)) return { by, order, entries: [], tiers: [], basis: [], leftOut: [] };
  const lang = (LANGUAGES as readonly unknown[]).includes(language) ? language : "en";
  const sign = order === "ascending" ? 1 : -1;
  const { cells, all } = cellsOf(cars, calculators);
  // A car without any line for a figure others answer: the calculator does not concern it.
  const cellOf = (carCells: Map<string, Cell>, figure: RankingFigure): Cell =>
    carCells.get(keyOf(figure)) ?? { outcome: "notApplicable", missingFields: [] };
  const basis: RankingFigure[] = [];
  const leftOut: LeftOutFigure[] = [];
  const partial: RankingFigure[] = [];
  for (const figure of all) {
    const holders = cells.filter((carCells) => "cents" in cellOf(carCells, figure)).length;
    if (holders === cars.length) basis.push(figure);
    else if (holders > 0) partial.push(figure);
    else {
      const outcomes = new Set(
        cells.map((carCells) => (cellOf(carCells, figure) as { outcome: OutcomeWithoutFigure }).outcome),
      );
      leftOut.push({ ...figure, outcomes: [...outcomes].sort() });
    }
  }
  const scored = cars.map((car, i) => {
    const carCells = cells[i] as Map<string, Cell>;
    // The car's figures among those some cars lack, as a key: "1" has it, "0" lacks it.
    const held = partial.map((figure) => ("cents" in cellOf(carCells, figure) ? "1" : "0")).join("");
    const own = [...basis, ...partial.filter((_, k) => held[k] === "1")];
    let cents = 0;
    for (const figure of own) cents += (cellOf(carCells, figure) as { cents: number }).cents;
    const rawValue =
      own.length === 0 ? null : by === "FiscalDeduction" ? Math.round(cents / own.length) / 100 : cents / 100;
    const missingFigures: MissingFigure[] = [];
    for (const figure of partial) {
      const cell = cellOf(carCells, figure);
      if ("cents" in cell) continue;
      missingFigures.push({ ...figure, outcome: cell.outcome, missingFields: cell.missingFields });
    }
    return { car, held, own, rawValue, missingFigures, complete: isComplete(car, by) };
  });
  // Fewer missing figures first; as many: the first figure one has and the other lacks; then the
  // value. Array.prototype.sort is stable: equal places keep the caller's order.
  const tierOrder = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
    a.missingFigures.length - b.missingFigures.length || (a.held === b.held ? 0 : a.held > b.held ? -1 : 1);
  scored.sort((a, b) => tierOrder(a, b) || sign * compareValues(a.rawValue, b.rawValue));
  const entries: RankingEntry[] = [];
  const tiers: RankingTier[] = [];
  for (let i = 0; i < scored.length; i++) {
    const current = scored[i] as (typeof scored)[number];
    const previous = scored[i - 1];
    const sameTier = previous !== undefined && tierOrder(previous, current) === 0;
    if (!sameTier) {
      const members = scored.filter((s) => s.held === current.held);
      tiers.push({
        tier: tiers.length + 1,
        basis: current.own,
        lacking: current.missingFigures.map(({ viewOption, year }) => ({ viewOption, year })),
        description: describeTier(
          current.own,
          current.missingFigures.map((figure, k) => ({
            ...figure,
            missingFields: [...new Set(members.flatMap((m) => m.missingFigures[k]?.missingFields ?? []))],
          })),
          lang,
        ),
      });
    }
    const entry = entries[i - 1];
    const tied = entry !== undefined && sameTier && entry.rawValue === current.rawValue;
    entries.push({
      rank: tied ? entry.rank : i + 1,
      tier: tiers.length,
      index: current.car.index,
      carDetailId: current.car.carDetailId,
      rawValue: current.rawValue,
      complete: current.complete,
      missingFigures: current.missingFigures,
    });
  }
  return { by, order, entries, tiers, basis, leftOut };
}

/** Each car's figures and reasons by calculator and year, and every figure any car names, in order. */
function cellsOf(cars: readonly RankedCar[], calculators: readonly Calculator[]) {
  const figures = new Map<string, RankingFigure>();
  const cells = cars.map((car) => {
    const byKey = new Map<string, Cell>();
    for (const line of car.unavailableLines) {
      if (!calculators.includes(line.viewOption)) continue;
      figures.set(keyOf(line), { viewOption: line.viewOption, year: line.year });
      byKey.set(keyOf(line), { outcome: line.outcome, missingFields: line.missingFields ?? [] });
    }
    for (const line of car.lines) {
      if (!calculators.includes(line.viewOption)) continue;
      figures.set(keyOf(line), { viewOption: line.viewOption, year: line.year });
      // Whole cents: sums of amounts rounded to the cent stay exact.
      byKey.set(keyOf(line), { cents: Math.round(line.rawValue * 100) });
    }
    return byKey;
  });
  const all = [...figures.values()].sort(
    (a, b) => CALCULATORS.indexOf(a.viewOption) - CALCULATORS.indexOf(b.viewOption) || a.year - b.year,
  );
  return { cells, all };
}

/** Values only differ when the basis is not empty, and then no value is null. */
const compareValues = (a: number | null, b: number | null) => (a ?? 0) - (b ?? 0);

/** Whether the car's own total for `by` is complete (every year of every calculator in it has a figure). */
function isComplete(car: RankedCar, by: RankBy): boolean {
  if (by !== "employerTaxes") return car.totals.find((t) => t.viewOption === by)?.complete ?? false;
  const parts = car.totals.filter((t) => EMPLOYER_TAXES.includes(t.viewOption));
  return parts.length === EMPLOYER_TAXES.length && parts.every((t) => t.complete);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** Whether `cars` has the shape the ranking reads (lines with a calculator, year and figure). */
function isRankable(cars: unknown): cars is readonly RankedCar[] {
  if (!Array.isArray(cars)) return false;
  return cars.every(
    (car) =>
      isObject(car) &&
      Array.isArray(car.lines) &&
      Array.isArray(car.unavailableLines) &&
      [...car.lines, ...car.unavailableLines].every(
        (line: unknown) =>
          isObject(line) && typeof line.viewOption === "string" && Number.isFinite(line.year),
      ) &&
      car.lines.every((line: Record<string, unknown>) => Number.isFinite(line.rawValue)) &&
      car.unavailableLines.every(
        (line: Record<string, unknown>) =>
          line.missingFields === undefined || Array.isArray(line.missingFields),
      ),
  );
}
