import { CALCULATOR_NAMES, type Calculator, formatEuro, formatPercent, type Language } from "@cartax/engine";
import { FAVICON_DATA_URI } from "../kit/favicon";
import { LanguageLinks } from "../kit/language-links";
import { formatLongDate } from "../kit/page-format";
import { PAGE_STYLE } from "../kit/page-style";
import { missingInputNames, PAGE_TEXTS } from "../kit/page-texts";
import { PROVISIONAL_NOTE, ProvisionalMark, ProvisionalNote } from "../kit/provisional-mark";
import { stackedChart, type YearBar } from "../kit/yearly-cost-chart";
import { SIMULATOR_TEXTS } from "../simulator/simulator-texts";
import { COMPARISON_TEXTS, fill } from "./comparison-texts";
import {
  comparedCalculators,
  type SharedCell,
  type SharedComparison,
  type SharedRow,
  type SharedTotal,
} from "./shared-comparison";

export interface ComparisonPageProps {
  readonly comparison: SharedComparison;
  readonly language: Language;
  /** The page's own public URL (Open Graph). */
  readonly url: string;
}

/** The few rules the comparison adds to the car page's style sheet. */
const COMPARISON_STYLE = `
main { max-width: 1180px; }
.totals table, .years table { font-size:.92rem; }
.amount { white-space:nowrap; }
h3 { font-size:1rem; margin: 16px 0 4px; }
.scroll { overflow-x:auto; }
.over-years figure { margin: 0 0 16px; }
.over-years figcaption { font-weight: 600; }
.over-years svg { width: 100%; max-width: 640px; height: auto; }
.ranking { margin:0; padding-left:0; list-style:none; }
.ranking li { display:flex; flex-wrap:wrap; gap:4px 10px; align-items:baseline; padding:6px 0; border-top:1px solid var(--line); }
.ranking li:first-child { border-top:none; }
.rank { display:inline-block; min-width:2em; font-weight:700; color:var(--accent); }
.mark { display:block; color:var(--muted); font-size:.8rem; }
.years td .source, .totals td .source { display:block; margin-left:0; }
.totals .provisional, .years .provisional { margin-left:4px; }
.basis-fold summary { cursor:pointer; color:var(--muted); font-size:.75rem; }
.years td { min-width: 9em; }
`;

const money = (value: number, unit: "EUR" | "percent", language: Language) =>
  unit === "percent" ? formatPercent(value, language) : formatEuro(value, language);

/** A link to the law behind a figure, in the page's words. */
function Source(props: { readonly url: string | null; readonly label: string }) {
  return props.url ? (
    <a class="source" href={props.url} rel="noopener" target="_blank">
      {props.label}
    </a>
  ) : null;
}

/**
 * One figure of a car for a calculator and year, or why there is none (the missing input named in
 * the page's language); provisional figures and assumed rules are marked, and the basis (the saved
 * line's description) folds under the amount, marked with its language when the comparison was
 * made in another one.
 */
function Cell(props: {
  readonly cell: SharedCell | undefined;
  readonly language: Language;
  /** The language of the saved descriptions. */
  readonly savedIn: Language;
}) {
  const { cell, language } = props;
  const t = COMPARISON_TEXTS[language];
  const p = PAGE_TEXTS[language];
  if (!cell) return <span>{p.none}</span>;
  if (cell.kind === "none") {
    return (
      <div class="no-figure" data-outcome={cell.outcome}>
        <span class="no-figure-label">{t.noFigures[cell.outcome]}</span>
        {cell.outcome === "missingInput" ? (
          <span class="why">
            {p.missingInput.replace("{fields}", missingInputNames(cell.missingFields, language))}
          </span>
        ) : null}
        <Source url={cell.url} label={p.source} />
      </div>
    );
  }
  return (
    <div class="figure">
      <span class="amount">{money(cell.rawValue, cell.unit, language)}</span>
      {cell.provisional ? <ProvisionalMark language={language} note={PROVISIONAL_NOTE} /> : null}
      {cell.assumedRulesYear !== null ? (
        <span class="mark" data-assumed={cell.assumedRulesYear}>
          {fill(t.assumed, { year: cell.assumedRulesYear })}
        </span>
      ) : null}
      {cell.description ? (
        <details class="basis-fold">
          <summary>{p.basis}</summary>
          <span class="basis" data-basis="true" lang={props.savedIn === language ? undefined : props.savedIn}>
            {props.savedIn === language ? "" : `(${t.writtenIn[props.savedIn]}) `}
            {cell.description}
          </span>
        </details>
      ) : null}
      <Source url={cell.url} label={p.source} />
    </div>
  );
}

/** A car's total for a calculator over the period, with the law of the tax and what it lacks. */
function Total(props: {
  readonly total: SharedTotal | undefined;
  readonly url: string | null;
  readonly language: Language;
  /** Whether a yearly figure added into the total is provisional. */
  readonly provisional: boolean;
}) {
  const { total, language } = props;
  const t = COMPARISON_TEXTS[language];
  if (!total) return <span>{PAGE_TEXTS[language].none}</span>;
  return (
    <span>
      <span class="amount">
        {total.rawValue === null ? t.noFigure : money(total.rawValue, total.unit, language)}
      </span>
      {total.rawValue !== null && props.provisional ? (
        <ProvisionalMark language={language} note={PROVISIONAL_NOTE} />
      ) : null}
      {total.rawValue !== null && !total.complete ? <span class="mark">{t.incomplete}</span> : null}
      {total.yearsAssumed > 0 ? (
        <span class="mark" data-assumed-total="true">
          {t.assumedInTotal}
        </span>
      ) : null}
      <Source url={props.url} label={PAGE_TEXTS[language].source} />
    </span>
  );
}

/**
 * A car's yearly cost as a stacked bar per year (the euro taxes; the deduction, a percentage, is
 * not a cost), drawn on the server: no script. The figures are the saved ones, and the table
 * "year by year" below holds them for screen readers; years under assumed rules are marked.
 */
function costChart(
  row: SharedRow,
  years: readonly number[],
  calculators: readonly Calculator[],
  lang: Language,
) {
  const euro = calculators.filter((c) =>
    row.totals.some((total) => total.viewOption === c && total.unit === "EUR"),
  );
  const bars: YearBar[] = years.map((year) => {
    const parts = euro.flatMap((calculator) => {
      const cell = row.cell(calculator, year);
      return cell?.kind === "figure"
        ? [{ calculator, amount: cell.rawValue, assumed: cell.assumedRulesYear !== null }]
        : [];
    });
    return {
      year,
      assumed: parts.some((part) => part.assumed),
      parts: parts.map(({ calculator, amount }) => ({ calculator, amount })),
    };
  });
  const names = CALCULATOR_NAMES[lang];
  const money = (amount: number) => formatEuro(amount, lang);
  return stackedChart(bars, euro, (c) => names[c], money, SIMULATOR_TEXTS[lang].assumed, `car-${row.index}`);
}

/**
 * The public page of a saved comparison: the cars side by side for one profile over the holding
 * period (one row per car, in the order they were compared), the ranking, each tax's totals and
 * its figures year by year, each with a link to its legal source, years under assumed rules
 * marked. In one language, server-rendered, self-contained like the car page (same style, no
 * script), printable. It shows the figures as the comparison answered them (made on a date, under
 * a rules version), no car ids and no owner data.
 */
export function ComparisonPage(props: ComparisonPageProps) {
  const { comparison, language: lang } = props;
  const t = COMPARISON_TEXTS[lang];
  const p = PAGE_TEXTS[lang];
  const names = CALCULATOR_NAMES[lang];
  const calculators = comparedCalculators(comparison);
  const { years, rows, ranking, profile } = comparison;
  const first = years[0] ?? "";
  const last = years[years.length - 1] ?? "";
  const nameOf = (row: SharedRow | undefined) =>
    row?.name ?? fill(t.unnamed, { number: (row?.index ?? 0) + 1 });
  const heading = fill(years.length > 1 ? t.heading : t.headingOneYear, { count: rows.length, first, last });
  const rankOf = new Map(ranking.entries.map((e) => [e.index, e.rank]));
  const rankingUnit = ranking.by === "FiscalDeduction" ? "percent" : "EUR";
  const rankedBy = ranking.by === "employerTaxes" ? t.employerTaxes : names[ranking.by];
  /** Figures by name and year, with the inputs to give: "Registration tax 2025 (weight)". */
  const figureList = (
    figures: readonly { viewOption: Calculator; year: number; missingFields?: readonly string[] }[],
  ) =>
    figures
      .map(
        (f) =>
          `${names[f.viewOption]} ${f.year}${f.missingFields?.length ? ` (${f.missingFields.join(", ")})` : ""}`,
      )
      .join(", ");
  const anyAssumed = rows.some((row) => row.totals.some((total) => total.yearsAssumed > 0));
  const anyProvisional = rows.some((row) =>
    calculators.some((c) =>
      years.some((year) => {
        const cell = row.cell(c, year);
        return cell?.kind === "figure" && cell.provisional;
      }),
    ),
  );
  const preview = ranking.entries
    .slice(0, 3)
    .map((e) => {
      const value = e.rawValue === null ? t.noFigure : money(e.rawValue, rankingUnit, lang);
      return `${e.rank}. ${nameOf(rows[e.index])} (${value})`;
    })
    .join(" · ");
  const description = `${t.ranking}: ${preview}`;
  const title = `${heading} — ${t.title}`;
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
  return (
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta property="og:type" content="website" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={props.url} />
        <meta property="og:locale" content={{ en: "en_GB", nl: "nl_BE", fr: "fr_BE" }[lang]} />
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        <meta name="robots" content="noindex" />
        <link rel="icon" href={FAVICON_DATA_URI} />
        <style dangerouslySetInnerHTML={{ __html: PAGE_STYLE + COMPARISON_STYLE }} />
      </head>
      <body>
        <main>
          <header>
            <p class="eyebrow">{t.title}</p>
            <h1>{heading}</h1>
            <LanguageLinks language={lang} />
          </header>
          <section>
            <h2>{t.ranking}</h2>
            <p class="note">{fill(t.rankingNote, { total: rankedBy, order: t[ranking.order] })}</p>
            <p class="note">{t.basisNote}</p>
            {ranking.leftOut.length > 0 ? (
              <p class="note" data-testid="left-out">
                {fill(t.leftOutNote, { figures: figureList(ranking.leftOut) })}
              </p>
            ) : null}
            <ol class="ranking" data-testid="ranking">
              {ranking.entries.map((entry) => (
                <li data-car={entry.index}>
                  <span class="rank">{entry.rank}</span>
                  <span>{nameOf(rows[entry.index])}</span>
                  <span class="amount">
                    {entry.rawValue === null ? t.noTotal : money(entry.rawValue, rankingUnit, lang)}
                  </span>
                  {entry.missingFigures.length > 0 ? (
                    <span class="mark" data-testid="missing-figures">
                      {fill(t.lacks, { figures: figureList(entry.missingFigures) })}
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
          <section class="totals">
            <h2>{t.totals}</h2>
            <p class="note">{t.totalsNote}</p>
            {anyProvisional ? <ProvisionalNote language={lang} id={PROVISIONAL_NOTE} /> : null}
            {anyAssumed ? (
              <p class="note" data-testid="assumed-note">
                {t.assumedNote}
              </p>
            ) : null}
            <div class="scroll">
              <table data-testid="totals">
                <thead>
                  <tr>
                    <th scope="col">{t.car}</th>
                    {calculators.map((c) => (
                      <th scope="col">{names[c]}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr data-car={row.index}>
                      <th scope="row">
                        {rankOf.has(row.index) ? (
                          <span class="rank" title={t.rank}>
                            {rankOf.get(row.index)}
                          </span>
                        ) : null}
                        {nameOf(row)}
                      </th>
                      {calculators.map((c) => (
                        <td data-label={names[c]} data-calculator={c}>
                          <Total
                            total={row.totals.find((total) => total.viewOption === c)}
                            url={row.sourceOf(c)}
                            language={lang}
                            provisional={years.some((year) => {
                              const cell = row.cell(c, year);
                              return cell?.kind === "figure" && cell.provisional;
                            })}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section class="over-years" data-testid="charts">
            <h2>{SIMULATOR_TEXTS[lang].overYears}</h2>
            <p class="note">{SIMULATOR_TEXTS[lang].overYearsNote}</p>
            {rows.map((row) => (
              <figure data-car={row.index}>
                <figcaption>{nameOf(row)}</figcaption>
                <div dangerouslySetInnerHTML={{ __html: costChart(row, years, calculators, lang) }} />
              </figure>
            ))}
          </section>
          <section class="years">
            <h2>{t.byYear}</h2>
            <p class="note">{t.byYearNote}</p>
            {calculators.map((c) => {
              // The registration tax is due once: only the years a calculator answers get a column.
              const columns = years.filter((year) => rows.some((row) => row.cell(c, year) !== undefined));
              return (
                <div data-calculator={c}>
                  <h3>{names[c]}</h3>
                  <div class="scroll">
                    <table>
                      <thead>
                        <tr>
                          <th scope="col">{t.car}</th>
                          {columns.map((year) => (
                            <th scope="col">{year}</th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((row) => (
                          <tr data-car={row.index}>
                            <th scope="row">{nameOf(row)}</th>
                            {columns.map((year) => (
                              <td data-label={String(year)} data-year={year}>
                                <Cell
                                  cell={row.cell(c, year)}
                                  language={lang}
                                  savedIn={comparison.language}
                                />
                              </td>
                            ))}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </div>
              );
            })}
          </section>
          <section class="specifications">
            <h2>{t.profile}</h2>
            <dl class="specs">
              {specs
                .filter(([, value]) => value !== null)
                .map(([label, value]) => (
                  <div>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
            </dl>
          </section>
          <footer>
            <p data-testid="disclaimer">{p.disclaimer}</p>
            <p>
              {p.footer} {comparison.rulesVersion} · {formatLongDate(comparison.createdAt, lang)}
            </p>
          </footer>
        </main>
      </body>
    </html>
  );
}

/** The whole HTML document of a comparison's public page. */
export function comparisonPageHtml(props: ComparisonPageProps): string {
  return `<!doctype html>${(<ComparisonPage {...props} />).toString()}`;
}
