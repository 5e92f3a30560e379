import {
  CALCULATOR_NAMES,
  type Calculator,
  formatEuro,
  type Language,
  type ProjectionYear,
} from "@cartax/engine";
import { missingInputNames } from "../kit/page-texts";
import { esc, stackedChart, type YearBar } from "../kit/yearly-cost-chart";
import type { Simulation } from "./simulate";
import { SIMULATOR_TEXTS } from "./simulator-texts";

/**
 * The simulator's answer as HTML text, built the same way on the server (the first answer, in the
 * page) and in the browser (every later one): the lines of the year and the next, each with its
 * amount, basis, provisional mark and legal source; the lines without a figure with their reason;
 * the cost over the years as a chart and as a table. Text only, escaped here: no script runs from it.
 */
export function answerHtml(simulation: Simulation, language: Language): string {
  const t = SIMULATOR_TEXTS[language];
  if (!simulation.ok) {
    const items = simulation.problems.map(
      (p) =>
        `<li><a href="#field-${esc(p.name)}">${esc(t.fields[p.name]?.label ?? p.name)}</a>: ${esc(p.message ?? t.problems[p.rule])}</li>`,
    );
    return `<div class="problems" role="alert"><p>${esc(t.fix)}</p><ul>${items.join("")}</ul></div>`;
  }
  const years = [...new Set([...simulation.lines, ...simulation.unavailableLines].map((l) => l.year))].sort();
  const sections = years.map((year) => {
    const lines = simulation.lines.filter((l) => l.year === year);
    const missing = simulation.unavailableLines.filter((l) => l.year === year);
    const rows = [
      ...lines.map(
        (l) =>
          `<li class="line" data-calculator="${l.viewOption}" data-year="${l.year}"><span class="name">${esc(l.name)}</span> <strong class="amount" data-raw="${l.rawValue}">${esc(l.value)}</strong>${
            l.provisional
              ? ` <span class="provisional" title="${esc(t.provisionalNote)}">${esc(t.provisional)}</span>`
              : ""
          }${l.description ? `<p class="basis">${esc(l.description)}</p>` : ""}${sourceLink(l.url, t.source)}</li>`,
      ),
      ...missing.map((l) => {
        const why =
          l.outcome === "missingInput"
            ? t.missing.replace("{fields}", missingInputNames(l.missingFields, language))
            : l.outcome === "rulesNotAvailable"
              ? t.rulesNotAvailable
              : t.notApplicable;
        return `<li class="line unavailable" data-calculator="${l.viewOption}" data-year="${l.year}" data-outcome="${l.outcome}"><span class="name">${esc(l.name)}</span> <strong class="amount">${esc(t.noFigure)}</strong> <span class="why">${esc(why)}</span><p class="basis">${esc(l.reason)}</p>${sourceLink(l.url, t.source)}</li>`;
      }),
    ];
    return `<section class="year" aria-labelledby="year-${year}"><h3 id="year-${year}">${esc(t.year)} ${year}</h3><ul class="lines">${rows.join("")}</ul></section>`;
  });
  return `${sections.join("")}${overYearsHtml(simulation, language)}`;
}

function sourceLink(url: string | null, label: string): string {
  return url ? ` <a class="source" href="${esc(url)}" rel="noopener">${esc(label)}</a>` : "";
}

/** The calculators whose yearly figures are euros (the deduction is a percentage: not a cost). */
function euroCalculators(simulation: Simulation & { ok: true }): Calculator[] {
  if (!simulation.projection.ok) return [];
  return simulation.projection.totals
    .filter((total) => total.unit === "EUR")
    .map((total) => total.viewOption);
}

function bars(years: readonly ProjectionYear[], calculators: readonly Calculator[]): YearBar[] {
  return years.map((y) => ({
    year: y.year,
    assumed: y.lines.some((line) => line.assumedRulesYear !== undefined),
    parts: calculators.flatMap((calculator) => {
      const line = y.lines.find((l) => l.viewOption === calculator);
      return line ? [{ calculator, amount: line.rawValue }] : [];
    }),
  }));
}

/** The cost over the years: a stacked bar per year (SVG, drawn here) and the same figures as a table. */
export function overYearsHtml(simulation: Simulation, language: Language): string {
  if (!simulation.ok || !simulation.projection.ok) return "";
  const t = SIMULATOR_TEXTS[language];
  const calculators = euroCalculators(simulation);
  const data = bars(simulation.projection.years, calculators);
  const money = (amount: number) => formatEuro(amount, language);
  const names = CALCULATOR_NAMES[language];
  const chart = stackedChart(data, calculators, (c) => names[c], money, t.assumed, "simulator");
  const head = `<tr><th scope="col">${esc(t.year)}</th>${calculators.map((c) => `<th scope="col">${esc(names[c])}</th>`).join("")}<th scope="col">${esc(t.total)}</th></tr>`;
  const body = data
    .map((bar) => {
      const cells = calculators.map((c) => {
        const part = bar.parts.find((p) => p.calculator === c);
        return `<td data-calculator="${c}"${part ? ` data-raw="${part.amount}"` : ""}>${part ? esc(money(part.amount)) : "—"}</td>`;
      });
      const total = bar.parts.reduce((sum, p) => sum + Math.round(p.amount * 100), 0) / 100;
      return `<tr data-year="${bar.year}"><th scope="row">${bar.year}${bar.assumed ? ` (${esc(t.assumed)})` : ""}</th>${cells.join("")}<td>${esc(money(total))}</td></tr>`;
    })
    .join("");
  return `<div class="over-years"><h2 id="over-years">${esc(t.overYears)}</h2><p class="note">${esc(t.overYearsNote)}</p>${chart}<div class="table-scroll" tabindex="0" role="region" aria-label="${esc(t.overYears)}"><table class="years-table"><caption>${esc(t.overYears)}</caption><thead>${head}</thead><tbody>${body}</tbody></table></div></div>`;
}
