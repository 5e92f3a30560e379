import { CALCULATOR_NAMES, type Calculator, type Language } from "@cartax/engine";
import { formatLongDate } from "../kit/page-format";
import { PAGE_TEXTS } from "../kit/page-texts";
import { money } from "./comparison-cells";
import { COMPARISON_TEXTS, fill } from "./comparison-texts";
import { comparedCalculators, type SharedComparison, type SharedRow } from "./shared-comparison";

/**
 * What the comparison page shows, as plain data: its words chosen and its numbers written in the
 * page's language, ready for the sections (comparison-sections.tsx) to lay out.
 */
export interface ComparisonView {
  readonly language: Language;
  readonly comparison: SharedComparison;
  readonly calculators: readonly Calculator[];
  /** The heading: "3 cars, 2025–2028". */
  readonly heading: string;
  /** The document's title and its description (the ranking's first three) for link previews. */
  readonly title: string;
  readonly description: string;
  /** A car's name, or "Car 2" for one without. */
  readonly nameOf: (row: SharedRow | undefined) => string;
  /** A car's rank by its index in the comparison. */
  readonly rankOf: ReadonlyMap<number, number>;
  readonly rankingUnit: "EUR" | "percent";
  /** The total the ranking is by, in words. */
  readonly rankedBy: string;
  /** Figures by name and year, with the inputs to give: "Registration tax 2025 (weight)". */
  readonly figureList: (
    figures: readonly { viewOption: Calculator; year: number; missingFields?: readonly string[] }[],
  ) => string;
  /** Whether a total adds a year under assumed rules; whether a figure is provisional. */
  readonly anyAssumed: boolean;
  readonly anyProvisional: boolean;
  /** The profile's lines (label, value), those without a value left out. */
  readonly specs: readonly (readonly [string, string])[];
}

/** Whether a car's figure for a calculator in one of the years is provisional. */
export function provisionalIn(row: SharedRow, calculator: Calculator, years: readonly number[]): boolean {
  return years.some((year) => {
    const cell = row.cell(calculator, year);
    return cell?.kind === "figure" && cell.provisional;
  });
}

/** The ranking's first three as a line: "1. ID.3 (956,04 €) · 2. Golf (1.234,56 €)". */
function rankingPreview(
  comparison: SharedComparison,
  view: Pick<ComparisonView, "nameOf" | "rankingUnit">,
  lang: Language,
) {
  const t = COMPARISON_TEXTS[lang];
  return comparison.ranking.entries
    .slice(0, 3)
    .map((e) => {
      const value = e.rawValue === null ? t.noFigure : money(e.rawValue, view.rankingUnit, lang);
      return `${e.rank}. ${view.nameOf(comparison.rows[e.index])} (${value})`;
    })
    .join(" · ");
}

/** The profile's lines: region, taxpayer, holder, registration date, period, date made. */
function profileSpecs(comparison: SharedComparison, lang: Language): [string, string][] {
  const t = COMPARISON_TEXTS[lang];
  const p = PAGE_TEXTS[lang];
  const { years, profile } = comparison;
  const first = years[0] ?? "";
  const last = years[years.length - 1] ?? "";
  const specs: [string, string | null][] = [
    [p.region, profile.region ? p.regions[profile.region] : null],
    [t.taxpayer, profile.status ? t.statuses[profile.status] : null],
    [t.registeredTo, profile.registrationOn ? t.holders[profile.registrationOn] : null],
    [t.registrationDate, profile.registrationDate ? formatLongDate(profile.registrationDate, lang) : null],
    [
      t.period,
      years.length === 0
        ? null
        : fill(years.length > 1 ? t.periodValue : t.periodOneYear, { years: years.length, first, last }),
    ],
    [t.madeOn, formatLongDate(comparison.createdAt, lang)],
  ];
  return specs.filter((spec): spec is [string, string] => spec[1] !== null);
}

/** The comparison page's view of a saved comparison in one language. */
export function comparisonView(comparison: SharedComparison, lang: Language): ComparisonView {
  const t = COMPARISON_TEXTS[lang];
  const names = CALCULATOR_NAMES[lang];
  const calculators = comparedCalculators(comparison);
  const { years, rows, ranking } = comparison;
  const first = years[0] ?? "";
  const last = years[years.length - 1] ?? "";
  const nameOf = (row: SharedRow | undefined) =>
    row?.name ?? fill(t.unnamed, { number: (row?.index ?? 0) + 1 });
  const heading = fill(years.length > 1 ? t.heading : t.headingOneYear, { count: rows.length, first, last });
  const rankingUnit = ranking.by === "FiscalDeduction" ? "percent" : "EUR";
  const figureList: ComparisonView["figureList"] = (figures) =>
    figures
      .map(
        (f) =>
          `${names[f.viewOption]} ${f.year}${f.missingFields?.length ? ` (${f.missingFields.join(", ")})` : ""}`,
      )
      .join(", ");
  return {
    language: lang,
    comparison,
    calculators,
    heading,
    title: `${heading} — ${t.title}`,
    description: `${t.ranking}: ${rankingPreview(comparison, { nameOf, rankingUnit }, lang)}`,
    nameOf,
    rankOf: new Map(ranking.entries.map((e) => [e.index, e.rank])),
    rankingUnit,
    rankedBy: ranking.by === "employerTaxes" ? t.employerTaxes : names[ranking.by],
    figureList,
    anyAssumed: rows.some((row) => row.totals.some((total) => total.yearsAssumed > 0)),
    anyProvisional: rows.some((row) => calculators.some((c) => provisionalIn(row, c, years))),
    specs: profileSpecs(comparison, lang),
  };
}
