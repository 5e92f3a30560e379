import { CALCULATORS, type Calculator } from "../core/enums";
import type { OutcomeWithoutFigure } from "../core/tax-result";

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
   * 1 is the best. Cars lacking fewer of the figures another car has come first (a car that lacks a
   * figure ranks after every car that has it and lacks nothing it has); then the lowest `rawValue`
   * (the highest for FiscalDeduction). Equal on both: one rank, in the caller's order.
   */
  readonly rank: number;
  /** The row (the car's index in the caller's list). */
  readonly index: number;
  readonly carDetailId: string | null;
  /**
   * The total ranked by, over the ranking's `basis` only (the figures every compared car has), so
   * every car's value adds the same calculators and years; a mean for FiscalDeduction. Null when
   * the basis is empty.
   */
  readonly rawValue: number | null;
  /** Whether the car's own total (its row's totals) is complete: every year of every calculator in it has a figure. */
  readonly complete: boolean;
  /** The figures another compared car has and this car lacks, calculator then year order; empty when none. */
  readonly missingFigures: readonly MissingFigure[];
}

/** The ranking of the rows by one total, on a common basis. */
export interface Ranking {
  readonly by: RankBy;
  readonly order: "ascending" | "descending";
  readonly entries: readonly RankingEntry[];
  /** The figures (calculator and year) every compared car has: the only ones `rawValue` adds. */
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
 * Ranks compared cars by a total on a common basis (issue 31): the calculators and years for which
 * every car has a figure. A figure no car has (a year whose rules are not published) is left out
 * for all and listed in `leftOut`; a figure some cars have and others lack (a missing input) is
 * left out of the values too, and each car lacking it says so (`missingFigures`) and ranks after
 * the cars that lack fewer figures. So a missing figure is never read as zero, and adding a
 * missing figure to a car never moves it down the ranking.
 */
export function rankComparison(cars: readonly RankedCar[], by: RankBy): Ranking {
  const calculators = by === "employerTaxes" ? EMPLOYER_TAXES : [by];
  const order = by === "FiscalDeduction" ? "descending" : "ascending";
  // A public function never throws (never-throws.test.ts): cars not of the shape compare gives
  // have nothing to rank.
  if (!isRankable(cars)) return { by, order, entries: [], basis: [], leftOut: [] };
  const sign = order === "ascending" ? 1 : -1;
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
    let cents = 0;
    for (const figure of basis) cents += (cellOf(carCells, figure) as { cents: number }).cents;
    const rawValue =
      basis.length === 0
        ? null
        : by === "FiscalDeduction"
          ? Math.round(cents / basis.length) / 100
          : cents / 100;
    const missingFigures: MissingFigure[] = [];
    for (const figure of partial) {
      const cell = cellOf(carCells, figure);
      if ("cents" in cell) continue;
      missingFigures.push({ ...figure, outcome: cell.outcome, missingFields: cell.missingFields });
    }
    return { car, rawValue, missingFigures, complete: isComplete(car, by) };
  });
  // Array.prototype.sort is stable: equal places keep the caller's order.
  scored.sort(
    (a, b) =>
      a.missingFigures.length - b.missingFigures.length || sign * compareValues(a.rawValue, b.rawValue),
  );
  const entries: RankingEntry[] = [];
  for (let i = 0; i < scored.length; i++) {
    const { car, rawValue, missingFigures, complete } = scored[i] as (typeof scored)[number];
    const previous = entries[i - 1];
    const tied =
      previous !== undefined &&
      previous.rawValue === rawValue &&
      previous.missingFigures.length === missingFigures.length;
    entries.push({
      rank: tied ? previous.rank : i + 1,
      index: car.index,
      carDetailId: car.carDetailId,
      rawValue,
      complete,
      missingFigures,
    });
  }
  return { by, order, entries, basis, leftOut };
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
