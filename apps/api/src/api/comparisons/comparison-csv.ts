import { CALCULATORS, type Calculator } from "@cartax/engine";

/** What the CSV needs of a comparison answer. */
interface ComparisonAnswer {
  readonly years: readonly number[];
  readonly rows: readonly {
    readonly carDetailId: string | null;
    readonly name: string | null;
    readonly lines: readonly {
      readonly viewOption: string;
      readonly year: number;
      readonly rawValue: number;
    }[];
    readonly unavailableLines: readonly {
      readonly viewOption: string;
      readonly year: number;
      readonly outcome?: string;
      readonly missingFields?: readonly string[];
    }[];
    readonly totals: readonly {
      readonly viewOption: string;
      readonly rawValue: number | null;
      readonly complete: boolean;
    }[];
    /** Absent from comparisons saved before the totals were grouped (their cells stay empty). */
    readonly summary?: {
      readonly employerTaxes: { readonly rawValue: number | null; readonly complete: boolean };
      readonly corporateTaxEstimate: { readonly rawValue: number | null } | null;
      readonly employeeTaxEstimate: { readonly rawValue: number | null } | null;
    };
  }[];
  readonly ranking: {
    readonly entries: readonly {
      readonly index: number;
      readonly rank: number;
      /** Absent from comparisons saved before the tiers of issue 40. */
      readonly tier?: number;
      readonly rawValue: number | null;
      readonly missingFigures?: readonly {
        readonly viewOption: string;
        readonly year: number;
        readonly outcome: string;
        readonly missingFields: readonly string[];
      }[];
    }[];
    /** Absent from comparisons saved before the tiers of issue 40 (their cells stay empty). */
    readonly tiers?: readonly { readonly tier: number; readonly description: string }[];
  };
}

/** Where a saved comparison answers as CSV (GET, always CSV): the CSV answers' `Content-Location`. */
export const comparisonCsvPath = (comparisonId: string) => `/v1/Comparisons/${comparisonId}/csv`;

/**
 * The headers of a comparison's CSV: its type, a file name for the download (a spreadsheet opens it
 * as `comparison-<id>.csv`) and where it can be read again.
 */
export const comparisonCsvHeaders = (comparisonId: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="comparison-${comparisonId}.csv"`,
  "Content-Location": comparisonCsvPath(comparisonId),
});

/** Excel reads a CSV as UTF-8 (accented names intact) only when it starts with a byte order mark. */
export const CSV_BOM = "\uFEFF";

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A caller's text (a car's name): a spreadsheet runs a cell starting with = + - @ as a formula, so it is defused. */
const text = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * A comparison as CSV for a spreadsheet, after a UTF-8 byte order mark: one row per car in the
 * caller's order, one column per calculator and year (RoadTax only in the registration year), then
 * per calculator its total (`<Calculator> total`, a sum; for FiscalDeduction, a percentage,
 * `FiscalDeduction mean`) and whether it is complete (`… complete`: true or false), then the rank,
 * the value ranked (over the basis of the car's tier) and the figures the car lacks that another car
 * has; then the employer's taxes (registration tax + annual road tax + CO2 contribution: never a
 * base or a percentage) and whether complete, and, when the request stated a rate, the estimates;
 * then the car's ranking tier, the tier's basis in words (in the request's language) and every
 * figure of the car that has none, with why (columns are only ever added at the end). Figures are plain numbers with a point (rawValue: euros, or the deduction's percentage); a
 * calculator and year without a figure is an empty cell, never 0.
 */
export function comparisonCsv(answer: ComparisonAnswer): string {
  const present = new Set(answer.rows.flatMap((row) => [...row.lines, ...row.unavailableLines]).map(keyOf));
  const columns: { readonly calculator: Calculator; readonly year: number }[] = [];
  for (const calculator of CALCULATORS) {
    for (const year of answer.years)
      if (present.has(`${calculator}:${year}`)) columns.push({ calculator, year });
  }
  const totals = CALCULATORS.filter((calculator) =>
    answer.rows.some((row) => row.totals.some((t) => t.viewOption === calculator)),
  );
  const entryOf = new Map(answer.ranking.entries.map((entry) => [entry.index, entry]));
  // An estimate's column only when the request stated its rate.
  const estimates = ESTIMATE_COLUMNS.filter(({ of }) => answer.rows.some((row) => row.summary?.[of] != null));
  const header = [
    "carDetailId",
    "name",
    ...columns.map(({ calculator, year }) => `${calculator} ${year}`),
    ...totals.flatMap((calculator) => {
      const name = `${calculator} ${calculator === "FiscalDeduction" ? "mean" : "total"}`;
      return [name, `${name} complete`];
    }),
    "rank",
    "ranked value",
    "missing figures",
    "employer taxes",
    "employer taxes complete",
    ...estimates.map(({ column }) => column),
    "tier",
    "ranking basis",
    "figures without a figure",
  ];
  const tierOf = new Map((answer.ranking.tiers ?? []).map((tier) => [tier.tier, tier.description]));
  const lines = [header.map(field).join(",")];
  answer.rows.forEach((row, index) => {
    const figures = new Map(row.lines.map((line) => [keyOf(line), line.rawValue]));
    const cells = [
      row.carDetailId ?? "",
      text(row.name ?? ""),
      ...columns.map(({ calculator, year }) => numberText(figures.get(`${calculator}:${year}`))),
      ...totals.flatMap((calculator) => {
        const total = row.totals.find((t) => t.viewOption === calculator);
        return [numberText(total?.rawValue), total === undefined ? "" : String(total.complete)];
      }),
      String(entryOf.get(index)?.rank ?? ""),
      numberText(entryOf.get(index)?.rawValue),
      (entryOf.get(index)?.missingFigures ?? []).map(missingText).join("; "),
      numberText(row.summary?.employerTaxes.rawValue),
      row.summary === undefined ? "" : String(row.summary.employerTaxes.complete),
      ...estimates.map(({ of }) => numberText(row.summary?.[of]?.rawValue)),
      String(entryOf.get(index)?.tier ?? ""),
      tierOf.get(entryOf.get(index)?.tier ?? 0) ?? "",
      row.unavailableLines.map(unavailableText).join("; "),
    ];
    lines.push(cells.map(field).join(","));
  });
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/** The estimates a request can ask for (a base taxed at a rate it states), as CSV columns. */
const ESTIMATE_COLUMNS = [
  { column: "corporate tax estimate", of: "corporateTaxEstimate" },
  { column: "employee tax estimate", of: "employeeTaxEstimate" },
] as const;

const keyOf = (line: { readonly viewOption: string; readonly year: number }) =>
  `${line.viewOption}:${line.year}`;

const numberText = (value: number | null | undefined) => (typeof value === "number" ? String(value) : "");

/** A figure the car lacks: `RoadTax 2025 (weight)`, or the outcome when no input would give it. */
const missingText = (figure: {
  readonly viewOption: string;
  readonly year: number;
  readonly outcome: string;
  readonly missingFields: readonly string[];
}) =>
  `${figure.viewOption} ${figure.year} (${figure.missingFields.length > 0 ? figure.missingFields.join(", ") : figure.outcome})`;

/** A figure of the car without one: `RoadTax 2025 (missingInput: weight)`, `YearlyTax 2027 (rulesNotAvailable)`. */
const unavailableText = (line: ComparisonAnswer["rows"][number]["unavailableLines"][number]) => {
  const why = [line.outcome ?? "", (line.missingFields ?? []).join(", ")].filter((w) => w !== "").join(": ");
  return `${line.viewOption} ${line.year}${why === "" ? "" : ` (${why})`}`;
};
