import { CALCULATOR_NAMES, type Calculator, type Language, type ProjectionYear } from "@cartax/engine";
import { missingInputNames } from "../public-page/page-texts";
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

/** Grey levels and hatchings that stay apart in grayscale, one per euro calculator in answer order. */
const FILLS = ["#222", "#777", "url(#hatch)", "#bbb", "url(#dots)"];

interface YearBar {
  readonly year: number;
  readonly assumed: boolean;
  readonly parts: readonly { readonly calculator: Calculator; readonly amount: number }[];
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
  const money = new Intl.NumberFormat(language === "nl" ? "nl-BE" : language === "fr" ? "fr-BE" : "en-GB", {
    style: "currency",
    currency: "EUR",
  });
  const names = CALCULATOR_NAMES[language];
  const chart = stackedChart(data, calculators, (c) => names[c], money, t.assumed);
  const head = `<tr><th scope="col">${esc(t.year)}</th>${calculators.map((c) => `<th scope="col">${esc(names[c])}</th>`).join("")}<th scope="col">${esc(t.total)}</th></tr>`;
  const body = data
    .map((bar) => {
      const cells = calculators.map((c) => {
        const part = bar.parts.find((p) => p.calculator === c);
        return `<td data-calculator="${c}"${part ? ` data-raw="${part.amount}"` : ""}>${part ? esc(money.format(part.amount)) : "—"}</td>`;
      });
      const total = bar.parts.reduce((sum, p) => sum + Math.round(p.amount * 100), 0) / 100;
      return `<tr data-year="${bar.year}"><th scope="row">${bar.year}${bar.assumed ? ` (${esc(t.assumed)})` : ""}</th>${cells.join("")}<td>${esc(money.format(total))}</td></tr>`;
    })
    .join("");
  return `<div class="over-years"><h2 id="over-years">${esc(t.overYears)}</h2><p class="note">${esc(t.overYearsNote)}</p>${chart}<div class="table-scroll" tabindex="0" role="region" aria-label="${esc(t.overYears)}"><table class="years-table"><caption>${esc(t.overYears)}</caption><thead>${head}</thead><tbody>${body}</tbody></table></div></div>`;
}

/**
 * A stacked bar chart in SVG, by hand (a few dozen elements: lighter than any library): one bar
 * per year, one segment per tax in a grey or a hatching that stays apart in grayscale, a legend,
 * and the assumed years drawn dashed and labelled. Hidden from screen readers: the table beside it
 * holds the same figures.
 */
export function stackedChart(
  data: readonly YearBar[],
  calculators: readonly Calculator[],
  nameOf: (calculator: Calculator) => string,
  money: Intl.NumberFormat,
  assumedLabel: string,
): string {
  const width = 640;
  const height = 260;
  const left = 70;
  const bottom = 40;
  const top = 10;
  const legendHeight = 22 * Math.ceil(calculators.length / 2);
  const totals = data.map((bar) => bar.parts.reduce((sum, p) => sum + p.amount, 0));
  const max = Math.max(1, ...totals);
  const plotHeight = height - top - bottom;
  const step = (width - left - 10) / Math.max(1, data.length);
  const barWidth = Math.min(48, step * 0.6);
  const scale = (amount: number) => (amount / max) * plotHeight;
  const shapes: string[] = [];
  data.forEach((bar, i) => {
    let y = height - bottom;
    const x = left + i * step + (step - barWidth) / 2;
    for (const part of bar.parts) {
      const h = scale(part.amount);
      y -= h;
      const fill = FILLS[calculators.indexOf(part.calculator) % FILLS.length];
      shapes.push(
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}" stroke="#000" stroke-width="0.5"${bar.assumed ? ' stroke-dasharray="3 2"' : ""}/>`,
      );
    }
    shapes.push(
      `<text x="${(x + barWidth / 2).toFixed(1)}" y="${height - bottom + 16}" text-anchor="middle" font-size="12">${bar.year}</text>`,
    );
    if (bar.assumed)
      shapes.push(
        `<text x="${(x + barWidth / 2).toFixed(1)}" y="${height - bottom + 30}" text-anchor="middle" font-size="10" font-style="italic">${esc(assumedLabel)}</text>`,
      );
  });
  const axis = [0, 0.5, 1].map((f) => {
    const y = height - bottom - f * plotHeight;
    return `<line x1="${left - 4}" x2="${width - 10}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#ccc"/><text x="${left - 8}" y="${(y + 4).toFixed(1)}" text-anchor="end" font-size="11">${esc(money.format(Math.round(max * f)))}</text>`;
  });
  const legend = calculators.map((c, i) => {
    const x = left + (i % 2) * 280;
    const y = height + 8 + Math.floor(i / 2) * 22;
    return `<rect x="${x}" y="${y}" width="14" height="14" fill="${FILLS[i % FILLS.length]}" stroke="#000" stroke-width="0.5"/><text x="${x + 20}" y="${y + 12}" font-size="12">${esc(nameOf(c))}</text>`;
  });
  const patterns =
    '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#fff"/><line x1="0" y1="0" x2="0" y2="6" stroke="#000" stroke-width="2"/></pattern><pattern id="dots" width="5" height="5" patternUnits="userSpaceOnUse"><rect width="5" height="5" fill="#fff"/><circle cx="2.5" cy="2.5" r="1.2" fill="#000"/></pattern></defs>';
  return `<svg class="chart" viewBox="0 0 ${width} ${height + legendHeight + 8}" role="img" aria-hidden="true" focusable="false">${patterns}${axis.join("")}${shapes.join("")}${legend.join("")}</svg>`;
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
