import {
  CALCULATOR_NAMES,
  type CalculationLine,
  type Calculator,
  formatEuro,
  type Language,
  type ProjectionYear,
} from "@cartax/engine";
import {
  type FigureGap,
  incompleteTotalText,
  type LeftOutOfTotal,
  MISSING_FIGURE_TEXTS,
  noFigureText,
} from "../kit/missing-figure-texts";
import { formatLongDate, PAGE_LOCALES } from "../kit/page-format";
import { euroStandardName, fuelName, PAGE_TEXTS } from "../kit/page-texts";
import { esc, stackedChart, type YearBar } from "../kit/yearly-cost-chart";
import type { Simulation } from "./simulate";
import { SIMULATOR_FIELDS } from "./simulator-fields";
import { SIMULATOR_TEXTS } from "./simulator-texts";

type Simulated = Simulation & { ok: true };

/**
 * The simulator's answer as HTML text, built the same way on the server (the first answer, in the
 * page) and in the browser (every later one): the values to check first, then the lines of the
 * year and the next, each with its amount, basis, provisional mark and legal source; the lines
 * without a figure with their reason (and the assumed figure the table of the years shows for the
 * same tax, so the two agree); the meaning of "provisional" in words; the cost over the years as a
 * chart and as a table whose cells say why they have no figure and whose totals say what they
 * leave out; the inputs, for print. Text only, escaped here: no script runs from it.
 */
export function answerHtml(
  simulation: Simulation,
  language: Language,
  values: Readonly<Record<string, string | undefined>> = {},
): string {
  const t = SIMULATOR_TEXTS[language];
  if (!simulation.ok) {
    const items = simulation.problems.map(
      (p) =>
        `<li><a href="#field-${esc(p.name)}" data-field="${esc(p.name)}">${esc(t.fields[p.name]?.label ?? p.name)}</a>: ${esc(p.message ?? t.problems[p.rule])}</li>`,
    );
    return `<div class="problems" role="alert"><p>${esc(t.fix)}</p><ul>${items.join("")}</ul></div>`;
  }
  const years = [...new Set([...simulation.lines, ...simulation.unavailableLines].map((l) => l.year))].sort();
  let provisional = false;
  const sections = years.map((year) => {
    const lines = simulation.lines.filter((l) => l.year === year);
    const missing = simulation.unavailableLines.filter((l) => l.year === year);
    const rows = [
      ...lines.map((l) => {
        provisional ||= l.provisional;
        return `<li class="line" data-calculator="${l.viewOption}" data-year="${l.year}"><span class="name">${esc(l.name)}</span> <strong class="amount" data-raw="${l.rawValue}">${esc(l.value)}</strong>${
          l.provisional
            ? ` <span class="provisional" aria-describedby="provisional-note">${esc(t.provisional)}</span>`
            : ""
        }${monthlyHtml(simulation, l, language)}${l.description ? `<p class="basis">${esc(l.description)}</p>` : ""}${sourceLink(l.url, t.source)}</li>`;
      }),
      ...missing.map((l) => {
        const why = noFigureText({ outcome: l.outcome, missingFields: l.missingFields }, language);
        return `<li class="line unavailable" data-calculator="${l.viewOption}" data-year="${l.year}" data-outcome="${l.outcome}"><span class="name">${esc(l.name)}</span> <strong class="amount">${esc(t.noFigure)}</strong> <span class="why">${esc(why)}</span><p class="basis">${esc(l.reason)}</p>${assumedHtml(simulation, l.viewOption, year, language)}${sourceLink(l.url, t.source)}</li>`;
      }),
    ];
    return `<section class="year" aria-labelledby="year-${year}"><h3 id="year-${year}">${esc(t.year)} ${year}</h3><ul class="lines">${rows.join("")}</ul></section>`;
  });
  const note = provisional
    ? `<p class="provisional-note" id="provisional-note">${esc(t.provisionalNote)}</p>`
    : "";
  return `${warningsHtml(simulation, language)}<div class="years">${sections.join("")}</div>${note}${overYearsHtml(simulation, language)}${inputsHtml(values, language)}`;
}

function sourceLink(url: string | null, label: string): string {
  return url ? ` <a class="source" href="${esc(url)}" rel="noopener">${esc(label)}</a>` : "";
}

/** The values within the engine's range but unusual for a car, with the value as read: before the answer. */
function warningsHtml(simulation: Simulated, language: Language): string {
  if (simulation.warnings.length === 0) return "";
  const t = SIMULATOR_TEXTS[language];
  const number = (v: number) => new Intl.NumberFormat(PAGE_LOCALES[language]).format(v);
  const items = simulation.warnings.map((w) => {
    const text = t.fields[w.name] ?? { label: w.name };
    const unit = text.unit ? `\u00a0${text.unit}` : "";
    const { min, max } = w.plausible;
    const usual =
      min !== undefined && max !== undefined
        ? t.range.replace("{min}", number(min)).replace("{max}", `${number(max)}${unit}`)
        : min !== undefined
          ? t.atLeast.replace("{min}", `${number(min)}${unit}`)
          : t.atMost.replace("{max}", `${number(max ?? 0)}${unit}`);
    const said = t.unusual.replace("{value}", `${number(w.value)}${unit}`).replace("{usual}", usual);
    return `<li data-field="${esc(w.name)}"><a href="#field-${esc(w.name)}" data-field="${esc(w.name)}">${esc(text.label)}</a>: ${esc(said)}</li>`;
  });
  return `<div class="warnings"><p>${esc(t.check)}</p><ul>${items.join("")}</ul></div>`;
}

/**
 * The benefit in kind's months beside its yearly figure (issue 40 point 5): the engine's schedule
 * counts each month by its days, so the months differ a little; the range is said, the months listed.
 */
function monthlyHtml(simulation: Simulated, line: CalculationLine, language: Language): string {
  if (line.viewOption !== "BenefitInKind" || !simulation.schedule) return "";
  const t = SIMULATOR_TEXTS[language];
  const months = simulation.schedule.months.filter((m) => m.year === line.year && m.amount !== null);
  if (months.length === 0) return "";
  const amounts = months.map((m) => m.amount ?? 0);
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const money = (amount: number) => formatEuro(amount, language);
  const said =
    low === high
      ? t.perMonth.replace("{amount}", money(low))
      : t.perMonthRange.replace("{min}", money(low)).replace("{max}", money(high));
  const monthName = new Intl.DateTimeFormat(PAGE_LOCALES[language], { month: "long", timeZone: "UTC" });
  const list = months
    .map(
      (m) =>
        `<li data-month="${m.month}" data-raw="${m.amount}">${esc(monthName.format(new Date(`${m.month}-01T00:00:00Z`)))}: ${esc(money(m.amount ?? 0))}</li>`,
    )
    .join("");
  return ` <span class="monthly">${esc(said)}</span><details class="months"><summary>${esc(t.monthByMonth)}</summary><ul>${list}</ul></details>`;
}

/**
 * A year's line without a figure for which the table of the years shows an assumed one (the
 * projection carries the latest published rules): said here, with what was carried, so the year's
 * heading and the table agree.
 */
function assumedHtml(
  simulation: Simulated,
  calculator: Calculator,
  year: number,
  language: Language,
): string {
  if (!simulation.projection.ok) return "";
  const line = simulation.projection.years
    .find((y) => y.year === year)
    ?.lines.find((l) => l.viewOption === calculator && l.assumedRulesYear !== undefined);
  if (!line) return "";
  const t = SIMULATOR_TEXTS[language];
  const carried = line.assumedParameters ?? [];
  // The rows carried, as the engine's descriptions name them: a row starting on 1 January by its year.
  const from = [...new Set(carried.map((p) => p.carriedFrom))]
    .sort()
    .map((day) => (day.endsWith("-01-01") ? day.slice(0, 4) : formatLongDate(day, language)));
  const said = t.assumedFigure
    .replace("{amount}", line.value)
    .replace("{year}", String(year))
    .replace("{from}", from.length ? from.join(", ") : String(line.assumedRulesYear));
  return `<p class="assumed-figure" data-raw="${line.rawValue}" data-carried="${esc(carried.map((p) => p.parameter).join(" "))}">${esc(said)}</p>`;
}

/** A choice of the form as the page says it (fuels, Euro standards, statuses, holders, regions). */
export function choiceLabel(field: string, choice: string, language: Language): string {
  const t = SIMULATOR_TEXTS[language];
  if (field === "fuel") return fuelName(choice, language);
  if (field === "euroStandard") return euroStandardName(choice, language);
  if (field === "status") return t.statuses[choice] ?? choice;
  if (field === "registrationOn") return t.registrations[choice] ?? choice;
  if (field === "regionRegistration")
    return (PAGE_TEXTS[language].regions as Readonly<Record<string, string>>)[choice] ?? choice;
  return choice;
}

/** The inputs as typed, printed after the answer (the form itself is not printed). */
function inputsHtml(values: Readonly<Record<string, string | undefined>>, language: Language): string {
  const t = SIMULATOR_TEXTS[language];
  const items = SIMULATOR_FIELDS.filter((f) => (values[f.name] ?? "").trim() !== "").map((f) => {
    const text = t.fields[f.name] ?? { label: f.name };
    const typed = (values[f.name] ?? "").trim();
    const value =
      f.kind === "yesNo" ? t.yes : f.kind === "choice" ? choiceLabel(f.name, typed, language) : typed;
    return `${esc(text.label)}: ${esc(value)}${text.unit ? `\u00a0${esc(text.unit)}` : ""}`;
  });
  return items.length
    ? `<p class="print-inputs"><strong>${esc(t.inputs)}</strong>: ${items.join(" · ")}</p>`
    : "";
}

/** The calculators whose yearly figures are euros (the deduction is a percentage: not a cost). */
function euroCalculators(simulation: Simulated): Calculator[] {
  if (!simulation.projection.ok) return [];
  return simulation.projection.totals
    .filter((total) => total.unit === "EUR")
    .map((total) => total.viewOption);
}

/** Why a year's cell has no figure: the year's line without one, else no line (not due that year). */
function gapOf(year: ProjectionYear, calculator: Calculator): FigureGap {
  const line = year.unavailableLines.find((l) => l.viewOption === calculator);
  return line ? { outcome: line.outcome, missingFields: line.missingFields } : { outcome: "notDue" };
}

/** The cost over the years: a stacked bar per year (SVG, drawn here) and the same figures as a table. */
export function overYearsHtml(simulation: Simulation, language: Language): string {
  if (!simulation.ok || !simulation.projection.ok) return "";
  const t = SIMULATOR_TEXTS[language];
  const calculators = euroCalculators(simulation);
  const names = CALCULATOR_NAMES[language];
  const rows = simulation.projection.years.map((y) => {
    const cells = calculators.map((calculator) => {
      const line = y.lines.find((l) => l.viewOption === calculator);
      return { calculator, line, gap: line ? null : gapOf(y, calculator) };
    });
    const leftOut: LeftOutOfTotal[] = cells.flatMap((c) =>
      c.gap ? [{ name: names[c.calculator], gap: c.gap }] : [],
    );
    return { year: y, cells, incomplete: incompleteTotalText(leftOut, language) };
  });
  const data: YearBar[] = rows.map((row) => ({
    year: row.year.year,
    assumed: row.year.lines.some((line) => line.assumedRulesYear !== undefined),
    ...(row.incomplete ? { incomplete: MISSING_FIGURE_TEXTS[language].incompleteMark } : {}),
    parts: row.cells.flatMap((c) => (c.line ? [{ calculator: c.calculator, amount: c.line.rawValue }] : [])),
  }));
  const money = (amount: number) => formatEuro(amount, language);
  const chart = stackedChart(data, calculators, (c) => names[c], money, t.assumed, "simulator");
  const head = `<tr role="row"><th scope="col" role="columnheader">${esc(t.year)}</th>${calculators.map((c) => `<th scope="col" role="columnheader">${esc(names[c])}</th>`).join("")}<th scope="col" role="columnheader">${esc(t.total)}</th></tr>`;
  const body = rows
    .map((row, i) => {
      const bar = data[i] as YearBar;
      const cells = row.cells.map((c) => {
        const label = `data-label="${esc(names[c.calculator])}"`;
        if (c.line)
          return `<td role="cell" ${label} data-calculator="${c.calculator}" data-raw="${c.line.rawValue}"${c.line.assumedRulesYear !== undefined ? ` data-assumed="${c.line.assumedRulesYear}"` : ""}>${esc(money(c.line.rawValue))}</td>`;
        return `<td role="cell" ${label} data-calculator="${c.calculator}" data-outcome="${c.gap?.outcome}" class="no-figure-cell">${esc(noFigureText(c.gap ?? { outcome: "notDue" }, language))}</td>`;
      });
      const total = bar.parts.reduce((sum, p) => sum + Math.round(p.amount * 100), 0) / 100;
      const mark = row.incomplete ? ` <span class="incomplete">${esc(row.incomplete)}</span>` : "";
      return `<tr role="row" data-year="${bar.year}"><th scope="row" role="rowheader">${bar.year}${bar.assumed ? ` (${esc(t.assumed)})` : ""}</th>${cells.join("")}<td role="cell" class="total" data-label="${esc(t.total)}" data-complete="${row.incomplete ? "false" : "true"}">${esc(money(total))}${mark}</td></tr>`;
    })
    .join("");
  return `<div class="over-years"><h2 id="over-years">${esc(t.overYears)}</h2><p class="note">${esc(t.overYearsNote)}</p>${chart}<div class="table-scroll" tabindex="0" role="region" aria-label="${esc(t.overYears)}"><table class="years-table" role="table"><caption>${esc(t.overYears)}</caption><thead>${head}</thead><tbody>${body}</tbody></table></div></div>`;
}
