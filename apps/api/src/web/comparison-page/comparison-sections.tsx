import { CALCULATOR_NAMES, type Calculator } from "@cartax/engine";
import { CHART_TEXTS } from "../kit/chart-texts";
import { formatLongDate } from "../kit/page-format";
import { PAGE_TEXTS } from "../kit/page-texts";
import { PROVISIONAL_NOTE, ProvisionalNote } from "../kit/provisional-mark";
import { SharedPageHead } from "../kit/shared-page-head";
import { SimulatorLink } from "../kit/simulator-link";
import { Cell, money, Total } from "./comparison-cells";
import { COMPARISON_TEXTS, fill } from "./comparison-texts";
import { type ComparisonView, provisionalIn } from "./comparison-view-model";
import { commonScale, costChart } from "./cost-chart";

/*
 * The sections of the comparison page, each drawn from the page's view (comparison-view-model.ts).
 */

type ViewProps = { readonly view: ComparisonView };

/** The few rules the comparison adds to the car page's style sheet. */
const COMPARISON_STYLE = `
main { max-width: 1180px; }
.totals table, .years table { font-size:.92rem; }
.amount { white-space:nowrap; }
h3 { font-size:1rem; margin: 16px 0 4px; }
.scroll { overflow-x:auto; }
.over-years figure { margin: 0 0 16px; }
.over-years figcaption { font-weight: 600; }
.over-years svg { width: 100%; max-width: 520px; height: auto; }
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

/** The document's head: title, link previews (Open Graph), the icon and the style. */
export function ComparisonHead({ view, url }: ViewProps & { readonly url: string }) {
  const { title, description, language } = view;
  return (
    <SharedPageHead
      title={title}
      description={description}
      language={language}
      url={url}
      extraStyle={COMPARISON_STYLE}
    />
  );
}

/** The ranking: by which total, on which basis, what was left out, and each car's place. */
export function RankingSection({ view }: ViewProps) {
  const { comparison, language: lang, nameOf } = view;
  const t = COMPARISON_TEXTS[lang];
  const { ranking, rows } = comparison;
  return (
    <section>
      <h2>{t.ranking}</h2>
      <p class="note">{fill(t.rankingNote, { total: view.rankedBy, order: t[ranking.order] })}</p>
      <p class="note">{t.basisNote}</p>
      {ranking.tiers.map((tier) => (
        <p class="note tier-basis" data-testid="tier-basis" data-tier={tier.tier}>
          {ranking.tiers.length > 1 ? <strong>{fill(t.tier, { tier: tier.tier })}: </strong> : null}
          {tier.description[lang]}
        </p>
      ))}
      {ranking.leftOut.length > 0 ? (
        <p class="note" data-testid="left-out">
          {fill(t.leftOutNote, { figures: view.figureList(ranking.leftOut) })}
        </p>
      ) : null}
      <ol class="ranking" data-testid="ranking">
        {ranking.entries.map((entry) => (
          <li data-car={entry.index} data-tier={entry.tier}>
            <span class="rank">{entry.rank}</span>
            <span>{nameOf(rows[entry.index])}</span>
            <span class="amount">
              {entry.rawValue === null ? t.noTotal : money(entry.rawValue, view.rankingUnit, lang)}
            </span>
            {entry.missingFigures.length > 0 ? (
              <span class="mark" data-testid="missing-figures">
                {fill(t.lacks, { figures: view.figureList(entry.missingFigures) })}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Each car's totals over the period, one column per tax, its rank beside its name. */
export function TotalsSection({ view }: ViewProps) {
  const { comparison, language: lang, calculators, nameOf, rankOf } = view;
  const t = COMPARISON_TEXTS[lang];
  const names = CALCULATOR_NAMES[lang];
  return (
    <section class="totals">
      <h2>{t.totals}</h2>
      <p class="note">{t.totalsNote}</p>
      {view.anyProvisional ? <ProvisionalNote language={lang} id={PROVISIONAL_NOTE} /> : null}
      {view.anyAssumed ? (
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
            {comparison.rows.map((row) => (
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
                      leftOut={comparison.years.flatMap((year) => {
                        const cell = row.cell(c, year);
                        return cell?.kind === "none" ? [{ year, cell }] : [];
                      })}
                      url={row.sourceOf(c)}
                      language={lang}
                      provisional={provisionalIn(row, c, comparison.years)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Each car's yearly cost as a chart (the kit's yearly-cost chart). */
export function ChartsSection({ view }: ViewProps) {
  const { comparison, language: lang } = view;
  const max = commonScale(comparison.rows, comparison.years, view.calculators);
  return (
    <section class="over-years" data-testid="charts">
      <h2>{CHART_TEXTS[lang].overYears}</h2>
      <p class="note">{CHART_TEXTS[lang].overYearsNote}</p>
      <p class="note" data-testid="common-scale">
        {COMPARISON_TEXTS[lang].commonScale}
      </p>
      {comparison.rows.map((row) => (
        <figure data-car={row.index}>
          <figcaption>{view.nameOf(row)}</figcaption>
          <div
            dangerouslySetInnerHTML={{
              __html: costChart(row, comparison.years, view.calculators, lang, max),
            }}
          />
        </figure>
      ))}
    </section>
  );
}

/** One tax's figures year by year, a row per car: only the years the tax answers get a column. */
function YearsTable({ view, calculator }: ViewProps & { readonly calculator: Calculator }) {
  const { comparison, language: lang } = view;
  const t = COMPARISON_TEXTS[lang];
  const { rows, years } = comparison;
  // The registration tax is due once: only the years a calculator answers get a column.
  const columns = years.filter((year) => rows.some((row) => row.cell(calculator, year) !== undefined));
  return (
    <div data-calculator={calculator}>
      <h3>{CALCULATOR_NAMES[lang][calculator]}</h3>
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
                <th scope="row">{view.nameOf(row)}</th>
                {columns.map((year) => (
                  <td data-label={String(year)} data-year={year}>
                    <Cell cell={row.cell(calculator, year)} language={lang} savedIn={comparison.language} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Every tax's figures year by year, each with its basis and legal source. */
export function YearsSection({ view }: ViewProps) {
  const t = COMPARISON_TEXTS[view.language];
  return (
    <section class="years">
      <h2>{t.byYear}</h2>
      <p class="note">{t.byYearNote}</p>
      {view.calculators.map((c) => (
        <YearsTable view={view} calculator={c} />
      ))}
    </section>
  );
}

/** The profile the cars were compared for, and the footer (disclaimer, rules version, date). */
export function ProfileSection({ view }: ViewProps) {
  const { comparison, language: lang } = view;
  const p = PAGE_TEXTS[lang];
  return (
    <>
      <section class="specifications">
        <h2>{COMPARISON_TEXTS[lang].profile}</h2>
        <dl class="specs">
          {view.specs.map(([label, value]) => (
            <div>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <footer>
        <SimulatorLink language={lang} />
        <p data-testid="disclaimer">{p.disclaimer}</p>
        <p>
          {p.footer} {comparison.rulesVersion} · {formatLongDate(comparison.createdAt, lang)}
        </p>
      </footer>
    </>
  );
}
