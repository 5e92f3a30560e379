import {
  type BookPage,
  type BookParameter,
  type BookSource,
  CALCULATOR_NAMES,
  type Language,
  RULES_VERSION,
} from "@cartax/engine";
import type { Child } from "hono/jsx";
import { PAGE_STYLE } from "../kit/page-style";
import { SimulatorLink } from "../kit/simulator-link";
import { BOOK_STYLE } from "./book-style";
import { pageSummary } from "./book-summaries";
import { BOOK_TEXTS, formatDate, formatValue } from "./book-texts";
import { Value } from "./value-views";

/** The title of a page of the book: the tax as the language names it, then the region. */
export function pageTitle(page: BookPage, language: Language): string {
  const tax = CALCULATOR_NAMES[language][page.calculator];
  return `${tax} — ${BOOK_TEXTS[language].scopes[page.scope]}`;
}

function Layout(props: { language: Language; title: string; children: Child }) {
  const t = BOOK_TEXTS[props.language];
  return (
    <html lang={props.language}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} — ${t.title} — Cartax`}</title>
        <style dangerouslySetInnerHTML={{ __html: PAGE_STYLE + BOOK_STYLE }} />
      </head>
      <body>
        <main>
          <header>
            <p class="eyebrow">
              <a href="/rules">{t.title}</a>
            </p>
            <h1>{props.title}</h1>
            <nav class="languages" aria-label="language">
              {(["nl", "fr", "en"] as const).map((lang) => (
                <a
                  href={`?lang=${lang}`}
                  lang={lang}
                  aria-current={lang === props.language ? "true" : undefined}
                >
                  {lang.toUpperCase()}
                </a>
              ))}
            </nav>
          </header>
          {props.children}
          <SimulatorLink language={props.language} />
          <footer>
            {t.footer} {RULES_VERSION}
          </footer>
        </main>
      </body>
    </html>
  );
}

/** `/rules`: the pages, and every parameter with its entries. */
export function BookIndex(props: { pages: readonly BookPage[]; language: Language }) {
  const { language, pages } = props;
  const t = BOOK_TEXTS[language];
  const byId = new Map<string, { description: string; links: { href: string; text: string }[] }>();
  for (const page of pages) {
    for (const parameter of page.parameters) {
      const entry = byId.get(parameter.id) ?? { description: parameter.description, links: [] };
      entry.links.push({ href: `/rules/${page.path}#${parameter.anchor}`, text: pageTitle(page, language) });
      byId.set(parameter.id, entry);
    }
  }
  return (
    <Layout language={language} title={t.title}>
      <section>
        <p>{t.intro}</p>
        <h2>{t.pages}</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">{t.page}</th>
              <th scope="col">{t.parameters}</th>
              <th scope="col">{t.provisionalRows}</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr>
                <th scope="row">
                  <a href={`/rules/${page.path}?lang=${language}`}>{pageTitle(page, language)}</a>
                </th>
                <td data-label={t.parameters}>{formatValue(page.parameters.length, language)}</td>
                <td data-label={t.provisionalRows}>
                  {formatValue(
                    page.parameters.reduce((n, p) => n + p.rows.filter((r) => r.provisional).length, 0),
                    language,
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h2>{t.everyParameter}</h2>
        <ul class="parameters">
          {[...byId]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([id, entry]) => (
              <li>
                <code>{id}</code> <span lang="en">{entry.description}</span>:{" "}
                {entry.links.map((link, i) => (
                  <>
                    {i > 0 ? ", " : ""}
                    <a href={`${link.href.replace("#", `?lang=${language}#`)}`}>{link.text}</a>
                  </>
                ))}
              </li>
            ))}
        </ul>
      </section>
    </Layout>
  );
}

/** Where in a text the value stands: article, Official Journal date, numac. */
function sourceDetails(source: BookSource, t: (typeof BOOK_TEXTS)[Language], language: Language): string {
  const where = [
    // Some citations already write "art." (or "arts") in their article.
    source.article ? (/^arts?\b/.test(source.article) ? source.article : `art. ${source.article}`) : "",
    source.officialJournalDate
      ? `${t.officialJournal} ${formatDate(source.officialJournalDate, language)}`
      : "",
    source.numac ? `numac ${source.numac}` : "",
  ].filter(Boolean);
  return where.length > 0 ? ` (${where.join(", ")})` : "";
}

/**
 * What a row's primary source is, in words that follow the data: "official text" only when the
 * figure was read in the legal text itself. The data's `official` with a reason is, by the
 * parameter files' schema, `figure: "secondary"`: the legal text is identified but the figure was
 * read elsewhere (the reason says where), so it never reads "official text" beside that reason.
 */
function primaryLabel(text: string, t: (typeof BOOK_TEXTS)[Language]): string {
  const [status = "", ...reason] = text.split(": ");
  if (status === "official") return reason.length > 0 ? t.statuses.officialSecondary : t.statuses.official;
  return (t.statuses as Record<string, string>)[status] ?? status;
}

/**
 * "base × coefficient (where from), rounding r" in the page's words. A structured base (a scale, a
 * table of bands) is the value of the row before indexation; it is named, not printed as a raw
 * structure (the value column shows the indexed table).
 */
function derivationText(derivation: string, t: (typeof BOOK_TEXTS)[Language], language: Language): string {
  const times = derivation.lastIndexOf(" × ", derivation.lastIndexOf(", rounding"));
  const base = times > 0 ? derivation.slice(0, times) : "";
  const text = /[[:{]/.test(base) ? `${t.baseAmounts}${derivation.slice(times)}` : derivation;
  return text
    .replace(/\d+(\.\d+)?/g, (n) => formatValue(Number(n), language))
    .replace("rounding", t.rounding);
}

/** The reason of a primary-source status (English, from the data), if any. */
const primaryReason = (text: string | undefined) => text?.split(": ").slice(1).join(": ") || undefined;

/** A parameter's or a row's other fields, as the data holds them ("key: value; …"). */
const extraText = (fields: Readonly<Record<string, unknown>>, language: Language) =>
  Object.entries(fields)
    .map(([key, value]) => `${key}: ${formatValue(value, language)}`)
    .join("; ");

type EntryProps = { readonly parameter: BookParameter; readonly language: Language };
type RowProps = { readonly row: BookParameter["rows"][number]; readonly language: Language };

/** What a parameter is: its id, unit, when it was last checked, the calculators that use it. */
function ParameterFacts({ parameter, language }: EntryProps) {
  const t = BOOK_TEXTS[language];
  return (
    <dl class="facts">
      <div>
        <dt>{t.id}</dt>
        <dd>
          <code>{parameter.id}</code>
        </dd>
      </div>
      <div>
        <dt>{t.unit}</dt>
        <dd>{parameter.unit}</dd>
      </div>
      {parameter.lastChecked ? (
        <div>
          <dt>{t.lastChecked}</dt>
          <dd>{formatDate(parameter.lastChecked, language)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t.calculators}</dt>
        <dd>{parameter.calculators.map((c) => CALCULATOR_NAMES[language][c]).join(", ")}</dd>
      </div>
      {Object.keys(parameter.extra).length > 0 ? (
        <div>
          <dt>{t.other}</dt>
          <dd>{extraText(parameter.extra, language)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** A period of a parameter: from, until, its value, and how sure it is. */
function PeriodRow({ row, language }: RowProps) {
  const t = BOOK_TEXTS[language];
  return (
    <tr data-from={row.from}>
      <td data-label={t.from}>{formatDate(row.from, language)}</td>
      <td data-label={t.until}>{row.until ? formatDate(row.until, language) : t.open}</td>
      <td data-label={t.value} class="value">
        <Value value={row.value} language={language} />
      </td>
      <td data-label={t.status} class="status">
        {row.provisional ? <span class="provisional">{t.provisionalYes}</span> : null}
        {row.primarySource !== undefined ? (
          <span class="primary">
            {t.primarySource}: {primaryLabel(row.primarySource, t)}
          </span>
        ) : null}
        {row.confidence !== undefined ? (
          <span>
            {t.confidence}: {(t.confidences as Record<string, string>)[row.confidence] ?? row.confidence}
          </span>
        ) : null}
      </td>
    </tr>
  );
}

/** A period's sources, the reason of its primary-source status, its derivation and its note. */
function PeriodDetails({ row, language }: RowProps) {
  const t = BOOK_TEXTS[language];
  return (
    <tr class="row-details">
      <td colspan={4}>
        <dl class="row-facts">
          <div>
            <dt>{t.sources}</dt>
            <dd>
              <ul class="sources">
                {row.sources.map((source) => (
                  <li>
                    <a href={source.href} rel="noopener">
                      {source.title}
                    </a>
                    {sourceDetails(source, t, language)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          {primaryReason(row.primarySource) ? (
            <div>
              <dt>
                {t.primarySource} <span class="in-english">({t.inEnglish})</span>
              </dt>
              <dd lang="en">{primaryReason(row.primarySource)}</dd>
            </div>
          ) : null}
          {row.derivation !== undefined ? (
            <div>
              <dt>{t.derivation}</dt>
              <dd>{derivationText(row.derivation, t, language)}</dd>
            </div>
          ) : null}
          {row.note ? (
            <div>
              <dt>
                {t.note} <span class="in-english">({t.inEnglish})</span>
              </dt>
              <dd lang="en">{row.note}</dd>
            </div>
          ) : null}
          {Object.keys(row.extra).length > 0 ? (
            <div>
              <dt>{t.other}</dt>
              <dd>{extraText(row.extra, language)}</dd>
            </div>
          ) : null}
        </dl>
      </td>
    </tr>
  );
}

/** A parameter of the rule book: its facts, then each period with its details. */
function ParameterEntry({ parameter, language }: EntryProps) {
  const t = BOOK_TEXTS[language];
  return (
    <article id={parameter.anchor} class="parameter" data-parameter={parameter.id}>
      <h3>
        <a class="anchor" href={`#${parameter.anchor}`}>
          {parameter.anchor}
        </a>{" "}
        <span lang="en">{parameter.description}</span>
      </h3>
      <ParameterFacts parameter={parameter} language={language} />
      <table class="rows">
        <thead>
          <tr>
            <th scope="col">{t.from}</th>
            <th scope="col">{t.until}</th>
            <th scope="col">{t.value}</th>
            <th scope="col">{t.status}</th>
          </tr>
        </thead>
        {parameter.rows.map((row) => (
          // A period's row, then its sources, derivation and note across the table: the table fits
          // its card at any width, no column of long texts pushed off to the right.
          <tbody>
            <PeriodRow row={row} language={language} />
            <PeriodDetails row={row} language={language} />
          </tbody>
        ))}
      </table>
    </article>
  );
}

/** `/rules/<scope>/<tax>`: the law, the formula and every parameter with an anchor. */
export function BookPageView(props: { page: BookPage; language: Language }) {
  const { page, language } = props;
  const t = BOOK_TEXTS[language];
  // What the law says and the formula, in the page's language.
  const summary = pageSummary(page, language);
  return (
    <Layout language={language} title={pageTitle(page, language)}>
      <section>
        <h2>{t.law}</h2>
        <p data-testid="summary">{summary.summary}</p>
        <h3>{t.legalBasis}</h3>
        <ul>
          {page.legalTexts.map((text) => (
            <li>
              <span lang="en">{text.title}</span>:{" "}
              <a href={text.nl} rel="noopener" hreflang="nl">
                {t.dutch}
              </a>
              ,{" "}
              <a href={text.fr} rel="noopener" hreflang="fr">
                {t.french}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{t.formula}</h2>
        <p>
          <code data-testid="formula">{summary.formula}</code>
        </p>
      </section>
      <section>
        <h2>{t.parameters}</h2>
        {page.parameters.length === 0 ? <p>{t.noParameters}</p> : null}
        {page.parameters.map((parameter) => (
          <ParameterEntry parameter={parameter} language={language} />
        ))}
      </section>
      <p>
        <a href={`/rules?lang=${language}`}>{t.back}</a>
      </p>
    </Layout>
  );
}

/** The 404 page of the book. */
export function BookNotFound(props: { language: Language }) {
  const t = BOOK_TEXTS[props.language];
  return (
    <Layout language={props.language} title={t.notFound}>
      <section>
        <p>{t.notFoundText}</p>
        <p>
          <a href={`/rules?lang=${props.language}`}>{t.back}</a>
        </p>
      </section>
    </Layout>
  );
}
