import type { TaxResult } from "@cartax/engine";
import type { CalculatedRequest } from "./calculate-request";
import { PROVISIONAL_MARK } from "./provisional-mark";

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + " ".repeat(width - text.length);

/** The readable form of `cartax calc`: the lines as a table, then each line's explanation. */
export function formatCalculation(calculated: CalculatedRequest, heading: string): string {
  if (!calculated.ok) {
    // Each message once: the list of field errors when there is one, else the problem's detail.
    const errors = calculated.problem.errors?.map((e) => `  - ${e.message} [${e.rule}]`) ?? [];
    return [
      `${heading}: invalid request`,
      ...(errors.length > 0 ? errors : [`  ${calculated.problem.detail}`]),
    ].join("\n");
  }
  const { lines, unavailableLines } = calculated.body;
  const provisional = PROVISIONAL_MARK[calculated.language];
  // In the order of the results; a calculator and year without a figure shows "—" and why, never 0.00.
  const entries = calculated.results.map((result) => {
    const same = (l: { viewOption: string; year: number }) =>
      l.viewOption === result.calculator && l.year === result.year;
    return { result, line: lines.find(same), unavailable: unavailableLines.find(same) };
  });
  const rows = entries.map(({ result, line, unavailable }) =>
    line
      ? [line.name, String(line.year), line.value, line.provisional ? provisional.mark : "", line.outcome]
      : [
          unavailable?.name ?? result.calculator,
          String(result.year),
          "—",
          "",
          result.outcome +
            (unavailable?.missingFields ? ` (missing: ${unavailable.missingFields.join(", ")})` : ""),
        ],
  );
  const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  const out = [heading];
  rows.forEach((row) => {
    out.push(
      `  ${row.map((cell, i) => (i === 2 ? cell.padStart(widths[i] ?? 0) : pad(cell, widths[i] ?? 0))).join("  ")}`.trimEnd(),
    );
  });
  // A line the API marks provisional says so in its own column, and the legend says what it means.
  if (lines.some((line) => line.provisional)) out.push(`  ${provisional.legend}`);
  out.push("");
  for (const { result, line, unavailable } of entries) {
    const description = line ? line.description : (unavailable?.reason ?? null);
    const name = line?.name ?? unavailable?.name ?? result.calculator;
    out.push(...explain(result, name, description, line?.url ?? unavailable?.url ?? null));
  }
  return out.join("\n");
}

/**
 * `name`: the tax's name in the request's language, as the line names it (the contract's
 * `RoadTax` is the registration tax); `url`: the line's link in that language.
 */
function explain(result: TaxResult, name: string, description: string | null, url: string | null): string[] {
  const e = result.explanation;
  const out = [
    `  ${name} ${result.year} (evaluated on ${result.evaluationDate}, rules ${result.rulesVersion})`,
  ];
  if (description) out.push(`    ${description}`);
  if (e.formula) out.push(`    formula: ${e.formula}`);
  const inputs = Object.entries(e.inputs).map(([k, v]) => `${k}=${v}`);
  if (inputs.length) out.push(`    inputs: ${inputs.join(", ")}`);
  for (const p of e.parameters) {
    out.push(
      `    ${p.name} = ${p.value} ${p.unit}${p.provisional ? " [provisional]" : ""}  (${p.source.title}: ${p.source.href})`,
    );
  }
  const link = url ?? e.legalSource.url;
  out.push(`    legal basis: ${e.legalSource.title}${link ? ` — ${link}` : ""}`);
  return out;
}
