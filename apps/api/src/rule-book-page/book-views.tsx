import {
  type BookPage,
  type BookParameter,
  type BookSource,
  CALCULATOR_NAMES,
  type Language,
  RULES_VERSION,
} from "@cartax/engine";
import type { Child } from "hono/jsx";
import { PAGE_STYLE } from "../public-page/page-style";
import { BOOK_STYLE } from "./book-style";
import { BOOK_TEXTS, formatDate, formatValue } from "./book-texts";

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
    source.article ? `art. ${source.article}` : "",
    source.officialJournalDate
      ? `${t.officialJournal} ${formatDate(source.officialJournalDate, language)}`
      : "",
    source.numac ? `numac ${source.numac}` : "",
  ].filter(Boolean);
  return where.length > 0 ? ` (${where.join(", ")})` : "";
}

function ParameterEntry(props: { parameter: BookParameter; language: Language }) {
  const { parameter, language } = props;
  const t = BOOK_TEXTS[language];
  const withExtra = parameter.rows.some((row) => Object.keys(row.extra).length > 0);
  const withDerivation = parameter.rows.some((row) => row.derivation !== undefined);
  const withPrimary = parameter.rows.some((row) => row.primarySource !== undefined);
  const withConfidence = parameter.rows.some((row) => row.confidence !== undefined);
  const primary = (text: string | undefined) => {
    if (text === undefined) return "";
    const [status = "", ...reason] = text.split(": ");
    const label = (t.statuses as Record<string, string>)[status] ?? status;
    return reason.length > 0 ? `${label}: ${reason.join(": ")}` : label;
  };
  const extra = (fields: Readonly<Record<string, unknown>>) =>
    Object.entries(fields)
      .map(([key, value]) => `${key}: ${formatValue(value, language)}`)
      .join("; ");
  return (
    <article id={parameter.anchor} class="parameter" data-parameter={parameter.id}>
      <h3>
        <a class="anchor" href={`#${parameter.anchor}`}>
          {parameter.anchor}
        </a>{" "}
        <span lang="en">{parameter.description}</span>
      </h3>
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
            <dd>{extra(parameter.extra)}</dd>
          </div>
        ) : null}
      </dl>
      <div class="scroll">
        <table class="rows">
          <thead>
            <tr>
              <th scope="col">{t.from}</th>
              <th scope="col">{t.until}</th>
              <th scope="col">{t.value}</th>
              {withDerivation ? <th scope="col">{t.derivation}</th> : null}
              <th scope="col">{t.provisional}</th>
              {withPrimary ? <th scope="col">{t.primarySource}</th> : null}
              {withConfidence ? <th scope="col">{t.confidence}</th> : null}
              <th scope="col">{t.sources}</th>
              <th scope="col">{t.note}</th>
              {withExtra ? <th scope="col">{t.other}</th> : null}
            </tr>
          </thead>
          <tbody>
            {parameter.rows.map((row) => (
              <tr data-from={row.from}>
                <td data-label={t.from}>{formatDate(row.from, language)}</td>
                <td data-label={t.until}>{row.until ? formatDate(row.until, language) : t.open}</td>
                <td data-label={t.value} class="value">
                  {formatValue(row.value, language)}
                </td>
                {withDerivation ? (
                  <td data-label={t.derivation}>
                    {(row.derivation ?? "")
                      .replace(/\d+(\.\d+)?/g, (n) => formatValue(Number(n), language))
                      .replace("rounding", t.rounding)}
                  </td>
                ) : null}
                <td data-label={t.provisional}>{row.provisional ? t.provisionalYes : ""}</td>
                {withPrimary ? (
                  <td data-label={t.primarySource} class="primary">
                    {primary(row.primarySource)}
                  </td>
                ) : null}
                {withConfidence ? (
                  <td data-label={t.confidence}>
                    {(t.confidences as Record<string, string>)[row.confidence ?? ""] ?? row.confidence ?? ""}
                  </td>
                ) : null}
                <td data-label={t.sources}>
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
                </td>
                <td data-label={t.note} lang="en">
                  {row.note ?? ""}
                </td>
                {withExtra ? <td data-label={t.other}>{extra(row.extra)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}

/** `/rules/<scope>/<tax>`: the law, the formula and every parameter with an anchor. */
export function BookPageView(props: { page: BookPage; language: Language }) {
  const { page, language } = props;
  const t = BOOK_TEXTS[language];
  return (
    <Layout language={language} title={pageTitle(page, language)}>
      <section>
        <h2>{t.law}</h2>
        {language === "en" ? null : <p class="note">{t.englishOnly}</p>}
        <p lang="en">{page.summary}</p>
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
          <code lang="en">{page.formula}</code>
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
