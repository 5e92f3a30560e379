import {
  CALCULATORS,
  type Calculator,
  LANGUAGES,
  type Language,
  type LeftOutFigure,
  type MissingFigure,
  type OutcomeWithoutFigure,
  ProfileStatus,
  parseEnum,
  type RankedCar,
  Region,
  RegistrationOn,
  rankComparison,
} from "@cartax/engine";

/**
 * What the public page of a comparison shows, read from a saved comparison (the audit record of
 * POST /v1/Compare: the request as received and the answer as sent). Both are JSON from the
 * database, so every field is checked here and anything unexpected is left out rather than
 * thrown: a visitor gets a page, never a 500. Ids of cars and accounts are not carried over.
 */
export interface SharedComparison {
  /** The years of the holding period, the registration year first. */
  readonly years: readonly number[];
  readonly rows: readonly SharedRow[];
  readonly ranking: SharedRanking;
  readonly profile: SharedProfile;
  /** The rules version the figures were computed under. */
  readonly rulesVersion: string;
  /** When the comparison was made (ISO date-time). */
  readonly createdAt: string;
  /** The language the saved lines' descriptions are written in (the request's). */
  readonly language: Language;
}

export interface SharedProfile {
  readonly region: Region | null;
  readonly status: ProfileStatus | null;
  readonly registrationOn: RegistrationOn | null;
  /** The registration date of the comparison (yyyy-MM-dd), the first year's. */
  readonly registrationDate: string | null;
  /** Whether years without published rules were computed under the latest earlier rules. */
  readonly assumeLatestRules: boolean;
}

/** One figure (or its absence) of a car for one calculator and year. */
export type SharedCell =
  | {
      readonly kind: "figure";
      readonly rawValue: number;
      readonly unit: "EUR" | "percent";
      readonly url: string | null;
      readonly provisional: boolean;
      /** The year whose rules an assumed figure applied (`assumeLatestRules`). */
      readonly assumedRulesYear: number | null;
      /** How the figure was reached (the line's description, in the comparison's language). */
      readonly description: string | null;
    }
  | {
      readonly kind: "none";
      readonly outcome: OutcomeWithoutFigure;
      readonly url: string | null;
      /** With outcome `missingInput`: the inputs to give, as the API names them. */
      readonly missingFields: readonly string[];
    };

export interface SharedTotal {
  readonly viewOption: Calculator;
  readonly rawValue: number | null;
  readonly complete: boolean;
  readonly unit: "EUR" | "percent";
  readonly aggregate: "sum" | "mean";
  readonly yearsAssumed: number;
}

export interface SharedRow {
  /** The car's position in the comparison (0-based, the caller's order). */
  readonly index: number;
  readonly name: string | null;
  readonly totals: readonly SharedTotal[];
  /** The cell of a calculator and year, undefined when the calculator answers nothing that year. */
  cell(calculator: Calculator, year: number): SharedCell | undefined;
  /** The law of a calculator as the row's lines link it (the first line that has an address). */
  sourceOf(calculator: Calculator): string | null;
}

export interface SharedRankingEntry {
  readonly rank: number;
  /** The car's tier (1 first): the cars of a tier have the same figures. */
  readonly tier: number;
  readonly index: number;
  /** The total ranked by, over the figures the cars of its tier have. */
  readonly rawValue: number | null;
  readonly complete: boolean;
  /** The figures another compared car has and this one lacks. */
  readonly missingFigures: readonly MissingFigure[];
}

export interface SharedRanking {
  readonly by: Calculator | "employerTaxes";
  readonly order: "ascending" | "descending";
  readonly entries: readonly SharedRankingEntry[];
  /** The tiers in order, each with its basis in words in each language. */
  readonly tiers: readonly SharedRankingTier[];
  /** The figures no compared car has (years whose rules are not published…), left out for all. */
  readonly leftOut: readonly LeftOutFigure[];
}

/** A tier of the ranking: cars with the same figures, ranked on all of them. */
export interface SharedRankingTier {
  readonly tier: number;
  /** The figures another car has and the tier's cars lack. */
  readonly lacking: readonly { readonly viewOption: Calculator; readonly year: number }[];
  /** The tier's basis in words (the engine's, as the answer's `tiers[].description`), per language. */
  readonly description: Readonly<Record<Language, string>>;
}

/** The calculators the rows have totals for, in the engine's order. */
export function comparedCalculators(comparison: SharedComparison): Calculator[] {
  const present = new Set(comparison.rows.flatMap((row) => row.totals.map((t) => t.viewOption)));
  return CALCULATORS.filter((calculator) => present.has(calculator));
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const isLanguage = (value: unknown): value is Language => value === "nl" || value === "fr" || value === "en";
const calculator = (value: unknown): Calculator | undefined =>
  (CALCULATORS as readonly unknown[]).includes(value) ? (value as Calculator) : undefined;
const OUTCOMES_WITHOUT_FIGURE: readonly unknown[] = ["missingInput", "notApplicable", "rulesNotAvailable"];
/** Only web addresses become links (a stored value is never trusted as a `javascript:` URL). */
const httpUrl = (value: unknown): string | null =>
  typeof value === "string" && /^https?:\/\//i.test(value) ? value : null;

/** The saved comparison `result` and `request`, read for the page. */
export function readSharedComparison(record: {
  readonly request: unknown;
  readonly result: unknown;
  readonly rulesVersion: string;
  readonly createdAt: string;
}): SharedComparison {
  const result = isObject(record.result) ? record.result : {};
  const request = isObject(record.request) ? record.request : {};
  const profile = isObject(request.userProfile) ? request.userProfile : {};
  const options = isObject(request.options) ? request.options : {};
  const rows = array(result.rows).map((row, index) => readRow(isObject(row) ? row : {}, index));
  const years = array(result.years).filter(finite);
  return {
    years: years.length > 0 ? years : [...new Set(rows.flatMap((r) => r.lineYears))].sort((a, b) => a - b),
    rows,
    ranking: readRanking(isObject(result.ranking) ? result.ranking : {}, rows),
    profile: {
      region: parseEnum(Region, profile.regionRegistration) ?? null,
      status: parseEnum(ProfileStatus, profile.status) ?? null,
      registrationOn: parseEnum(RegistrationOn, profile.registrationOn) ?? null,
      registrationDate: text(options.registrationDate),
      assumeLatestRules: options.assumeLatestRules === true,
    },
    rulesVersion: record.rulesVersion,
    createdAt: record.createdAt,
    language: isLanguage(profile.language) ? profile.language : "en",
  };
}

/** A row as the page shows it, with what the ranking reads of it and the years of its lines. */
type ReadRow = SharedRow & { readonly lineYears: number[]; readonly ranked: RankedCar };

function readRow(row: Json, index: number): ReadRow {
  const cells = new Map<string, SharedCell>();
  const ranked = { index, carDetailId: null, lines: [], unavailableLines: [], totals: [] } as {
    -readonly [K in keyof RankedCar]: RankedCar[K] extends readonly (infer T)[] ? T[] : RankedCar[K];
  };
  const sources = new Map<Calculator, string>();
  const lineYears: number[] = [];
  const totals: SharedTotal[] = [];
  for (const line of array(row.lines)) {
    if (!isObject(line)) continue;
    const viewOption = calculator(line.viewOption);
    if (!viewOption || !finite(line.year) || !finite(line.rawValue)) continue;
    const url = httpUrl(line.url);
    if (url && !sources.has(viewOption)) sources.set(viewOption, url);
    lineYears.push(line.year);
    ranked.lines.push({ viewOption, year: line.year, rawValue: line.rawValue });
    cells.set(`${viewOption}:${line.year}`, {
      kind: "figure",
      rawValue: line.rawValue,
      // Only the deduction is a percentage (its value is written "75 %").
      unit: viewOption === "FiscalDeduction" ? "percent" : "EUR",
      url,
      provisional: line.provisional === true,
      assumedRulesYear: finite(line.assumedRulesYear) ? line.assumedRulesYear : null,
      description: text(line.description),
    });
  }
  for (const line of array(row.unavailableLines)) {
    if (!isObject(line)) continue;
    const viewOption = calculator(line.viewOption);
    if (!viewOption || !finite(line.year) || !OUTCOMES_WITHOUT_FIGURE.includes(line.outcome)) continue;
    const url = httpUrl(line.url);
    if (url && !sources.has(viewOption)) sources.set(viewOption, url);
    lineYears.push(line.year);
    ranked.unavailableLines.push({
      viewOption,
      year: line.year,
      outcome: line.outcome as OutcomeWithoutFigure,
      missingFields: array(line.missingFields).filter((f): f is string => typeof f === "string"),
    });
    cells.set(`${viewOption}:${line.year}`, {
      kind: "none",
      outcome: line.outcome as OutcomeWithoutFigure,
      url,
      missingFields: array(line.missingFields).filter((field): field is string => typeof field === "string"),
    });
  }
  for (const total of array(row.totals)) {
    if (!isObject(total)) continue;
    const viewOption = calculator(total.viewOption);
    if (!viewOption) continue;
    totals.push({
      viewOption,
      rawValue: finite(total.rawValue) ? total.rawValue : null,
      complete: total.complete === true,
      unit: total.unit === "percent" ? "percent" : "EUR",
      aggregate: total.aggregate === "mean" ? "mean" : "sum",
      yearsAssumed: finite(total.yearsAssumed) ? total.yearsAssumed : 0,
    });
    ranked.totals.push({ viewOption, complete: total.complete === true });
  }
  const name = text(row.name)?.trim() || null;
  return {
    index,
    name,
    totals,
    lineYears,
    ranked,
    cell: (c, year) => cells.get(`${c}:${year}`),
    sourceOf: (c) => sources.get(c) ?? null,
  };
}

/**
 * The ranking the page shows: the engine's ranking of the saved rows by the saved total, the same
 * function and figures as the answer of POST /v1/Compare, so the page and the answer agree (and a
 * comparison saved before the tiers of issue 40 is shown ranked in them too).
 */
function readRanking(ranking: Json, rows: readonly ReadRow[]): SharedRanking {
  const by = ranking.by === "employerTaxes" ? "employerTaxes" : (calculator(ranking.by) ?? "employerTaxes");
  const cars = rows.map((row) => row.ranked);
  const ranked = rankComparison(cars, by);
  // The tiers' words in each language the page can be read in (the same ranking each time).
  const described = Object.fromEntries(
    LANGUAGES.map((language) => [language, rankComparison(cars, by, language).tiers]),
  ) as Record<Language, typeof ranked.tiers>;
  return {
    by,
    order: ranked.order,
    entries: ranked.entries.map(({ rank, tier, index, rawValue, complete, missingFigures }) => ({
      rank,
      tier,
      index,
      rawValue,
      complete,
      missingFigures,
    })),
    tiers: ranked.tiers.map(({ tier, lacking }, i) => ({
      tier,
      lacking,
      description: {
        nl: described.nl[i]?.description ?? "",
        fr: described.fr[i]?.description ?? "",
        en: described.en[i]?.description ?? "",
      },
    })),
    leftOut: ranked.leftOut,
  };
}
