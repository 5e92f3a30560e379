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
    readonly unavailableLines: readonly { readonly viewOption: string; readonly year: number }[];
    readonly totals: readonly { readonly viewOption: string; readonly rawValue: number | null }[];
  }[];
  readonly ranking: { readonly entries: readonly { readonly index: number; readonly rank: number }[] };
}

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A caller's text (a car's name): a spreadsheet runs a cell starting with = + - @ as a formula, so it is defused. */
const text = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * A comparison as CSV for a spreadsheet: one row per car in the caller's order, one column per
 * calculator and year (RoadTax only in the registration year), then one per calculator's total,
 * then the rank. Figures are plain numbers with a point (rawValue: euros, or the deduction's
 * percentage); a calculator and year without a figure is an empty cell, never 0.
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
  const rankOf = new Map(answer.ranking.entries.map((entry) => [entry.index, entry.rank]));
  const header = [
    "carDetailId",
    "name",
    ...columns.map(({ calculator, year }) => `${calculator} ${year}`),
    ...totals.map((calculator) => `${calculator} total`),
    "rank",
  ];
  const lines = [header.map(field).join(",")];
  answer.rows.forEach((row, index) => {
    const figures = new Map(row.lines.map((line) => [keyOf(line), line.rawValue]));
    const cells = [
      row.carDetailId ?? "",
      text(row.name ?? ""),
      ...columns.map(({ calculator, year }) => numberText(figures.get(`${calculator}:${year}`))),
      ...totals.map((calculator) =>
        numberText(row.totals.find((t) => t.viewOption === calculator)?.rawValue),
      ),
      String(rankOf.get(index) ?? ""),
    ];
    lines.push(cells.map(field).join(","));
  });
  return `${lines.join("\r\n")}\r\n`;
}

const keyOf = (line: { readonly viewOption: string; readonly year: number }) =>
  `${line.viewOption}:${line.year}`;

const numberText = (value: number | null | undefined) => (typeof value === "number" ? String(value) : "");
