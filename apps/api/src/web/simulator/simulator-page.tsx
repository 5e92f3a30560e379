import { LANGUAGES, type Language, RULES_VERSION } from "@cartax/engine";
import { PAGE_LOCALES } from "../kit/page-format";
import { PAGE_STYLE } from "../kit/page-style";
import { PAGE_TEXTS } from "../kit/page-texts";
import { simulate } from "./simulate";
import { answerHtml, choiceLabel } from "./simulator-answer";
import { queryOfValues, SIMULATOR_FIELDS, type SimulatorField } from "./simulator-fields";
import { SIMULATOR_TEXTS } from "./simulator-texts";

/** Where the browser program is served (the service and the static build alike). */
export const SIMULATOR_SCRIPT_PATH = "/simulator/simulator.js";

const SIMULATOR_STYLE = `
form { display: grid; gap: 1rem; }
fieldset { border: 1px solid #bbb; border-radius: 6px; padding: .75rem 1rem; display: grid; gap: .6rem; }
legend { font-weight: 600; padding: 0 .3rem; }
.field { display: grid; gap: .2rem; }
.field label { font-weight: 500; }
.field .hint { font-size: .85rem; color: #444; }
.field input, .field select { font: inherit; padding: .35rem; max-width: 22rem; border: 1px solid #666; border-radius: 4px; }
.field input[type=checkbox] { width: 1.2rem; height: 1.2rem; }
.check { display: flex; gap: .5rem; align-items: center; }
:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
.lines { list-style: none; padding: 0; display: grid; gap: .6rem; }
.line { border-left: 4px solid #222; padding: .3rem .6rem; }
.line.unavailable { border-left-style: dashed; color: #333; }
.line .basis { margin: .2rem 0; font-size: .9rem; color: #333; }
.provisional { border: 1px solid #000; border-radius: 3px; padding: 0 .3rem; font-size: .8rem; }
.problems { border: 2px solid #000; padding: .5rem 1rem; }
.chart { width: 100%; max-width: 40rem; height: auto; }
.years-table { border-collapse: collapse; margin-top: .5rem; font-size: .9rem; }
.years-table th, .years-table td { border: 1px solid #999; padding: .2rem .4rem; text-align: right; }
.years-table caption { text-align: left; font-weight: 600; }
.warnings { border: 2px dashed #7a4a00; background: #fff8e6; padding: .5rem 1rem; margin-bottom: 1rem; }
.warnings p, .problems p { margin: 0 0 .3rem; font-weight: 600; }
.disclaimer { border-left: 4px solid var(--accent); padding: .3rem .6rem; background: #f1f8f5; font-size: .9rem; }
.provisional-note { font-size: .9rem; }
.monthly { display: block; font-size: .9rem; }
.months summary { cursor: pointer; font-size: .85rem; }
.months ul { columns: 2; font-size: .85rem; margin: .2rem 0; }
.assumed-figure { font-size: .9rem; margin: .2rem 0; }
.years-table .no-figure-cell { font-size: .8rem; color: #333; font-style: italic; }
.years-table .incomplete { display: block; font-size: .8rem; font-weight: 600; }
.print-inputs { display: none; }
main { max-width: 76rem; }
.layout > * { min-width: 0; }
.table-scroll { overflow-x: auto; }
@media (min-width: 900px) { .layout { display: grid; grid-template-columns: 24rem minmax(0, 1fr); gap: 2rem; align-items: start; } }
/* A phone keeps every unit and range hint, and the table of the years its headers: each cell
   labelled by its column (the shared style's td::before), the header row kept for screen readers. */
@media (max-width: 560px) {
  .field .hint { display: block; }
  .years-table thead { display: table-header-group; position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
  .years-table { font-size: .9rem; }
  .years-table th, .years-table td { text-align: left; border: none; }
  .years-table tbody tr { border-top: 1px solid #999; }
}
/* Printed: the answer first and alone on one A4 page; the form folded into one line of inputs. */
@media print {
  @page { size: A4; margin: 10mm 12mm; }
  /* The shared style sizes in rem: a smaller root makes every size of the page smaller together. */
  html { font-size: 10.5px; }
  body { font-size: 10.5px; line-height: 1.3; }
  .why, .monthly { display: inline; margin-left: 4pt; }
  header { margin-bottom: 4pt; padding-bottom: 4pt; }
  header p, .languages, form, #answer-title + .note, .answer-intro, .months, .note { display: none; }
  h1 { font-size: 14pt; }
  h2 { font-size: 10pt; margin: 0 0 2pt; }
  h3 { font-size: 9pt; margin: 0 0 2pt; }
  .layout { display: block; }
  section { margin: 0; }
  .years { display: grid; grid-template-columns: 1fr 1fr; gap: 0 10pt; }
  .lines { gap: 2pt; margin: 0; }
  .line { padding: 0 4pt; break-inside: avoid; }
  .line .basis, .basis, .assumed-figure, .provisional-note, .disclaimer { font-size: 7pt; margin: 0; }
  .source::after { font-size: 6pt; }
  .chart { max-height: 40mm; width: auto; }
  .over-years h2 { margin-top: 4pt; }
  .years-table { font-size: 7.5pt; margin-top: 2pt; }
  .years-table th, .years-table td { padding: 0 3pt; }
  .table-scroll { overflow: visible; }
  .print-inputs { display: block; font-size: 7pt; margin: 4pt 0 0; }
  footer { margin-top: 4pt; }
}
`;

function range(field: SimulatorField, language: Language): string | undefined {
  if (field.min === undefined || field.max === undefined) return undefined;
  const t = SIMULATOR_TEXTS[language];
  const fmt = (v: number | string) =>
    typeof v === "number" ? new Intl.NumberFormat(PAGE_LOCALES[language]).format(v) : v;
  return t.range.replace("{min}", fmt(field.min)).replace("{max}", fmt(field.max));
}

function Field(props: { field: SimulatorField; value: string; language: Language }) {
  const { field, value, language } = props;
  const t = SIMULATOR_TEXTS[language];
  const text = t.fields[field.name] ?? { label: field.name };
  const id = `field-${field.name}`;
  const hintId = `${id}-hint`;
  const hint = [text.unit, range(field, language), field.optional ? t.optional : undefined]
    .filter(Boolean)
    .join(" · ");
  if (field.kind === "yesNo")
    return (
      <div class="field check">
        <input
          type="checkbox"
          id={id}
          name={field.name}
          value="true"
          checked={value === "true"}
          aria-describedby={hintId}
        />
        <label for={id}>{text.label}</label>
        <span class="hint" id={hintId}>
          {t.optional}
        </span>
      </div>
    );
  return (
    <div class="field">
      <label for={id}>{text.label}</label>
      {field.kind === "choice" ? (
        <select id={id} name={field.name} aria-describedby={hintId}>
          {(field.choices ?? []).map((choice) => (
            <option value={choice} selected={choice === value}>
              {choiceLabel(field.name, choice, language)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={field.name}
          type={field.kind === "date" ? "date" : "text"}
          inputmode={field.kind === "number" ? (field.step === 1 ? "numeric" : "decimal") : undefined}
          autocomplete={field.kind === "number" ? "off" : undefined}
          min={field.kind === "date" ? String(field.min) : undefined}
          max={field.kind === "date" ? String(field.max) : undefined}
          required={!field.optional}
          value={value}
          aria-describedby={hintId}
        />
      )}
      <span class="hint" id={hintId}>
        {hint}
      </span>
    </div>
  );
}

/**
 * GET /simulator/{lang}: the form, filled from the link's query (or the defaults), and the first
 * answer computed on the server by the same code the browser runs afterwards (so the page shows
 * figures before its script has loaded, and without it).
 */
export function SimulatorPage(props: { language: Language; values: Readonly<Record<string, string>> }) {
  const { language, values } = props;
  const t = SIMULATOR_TEXTS[language];
  const query = queryOfValues(values);
  const groups = [
    { legend: t.car, group: "carDetail" },
    { legend: t.taxpayer, group: "userProfile" },
    { legend: t.period, group: "options" },
  ] as const;
  return (
    <html lang={language}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${t.title} — Cartax`}</title>
        <style dangerouslySetInnerHTML={{ __html: PAGE_STYLE + SIMULATOR_STYLE }} />
        <script type="module" src={SIMULATOR_SCRIPT_PATH} />
      </head>
      <body>
        <main>
          <header>
            <h1>{t.title}</h1>
            <nav class="languages" aria-label={t.languages}>
              {LANGUAGES.map((lang) => (
                <a
                  href={`/simulator/${lang}${query ? `?${query}` : ""}`}
                  lang={lang}
                  hreflang={lang}
                  aria-current={lang === language ? "true" : undefined}
                  data-language-link={lang}
                >
                  {lang.toUpperCase()}
                </a>
              ))}
            </nav>
            <p>{t.intro}</p>
          </header>
          <div class="layout">
            <form id="simulator" method="get" action={`/simulator/${language}`} data-language={language}>
              {groups.map(({ legend, group }) => (
                <fieldset>
                  <legend>{legend}</legend>
                  {SIMULATOR_FIELDS.filter(
                    (f) => f.group === group || (group === "options" && f.group === "projection"),
                  ).map((field) => (
                    <Field field={field} value={values[field.name] ?? ""} language={language} />
                  ))}
                </fieldset>
              ))}
              <p>
                <a id="share" href={`/simulator/${language}${query ? `?${query}` : ""}`}>
                  {t.share}
                </a>
              </p>
            </form>
            <section aria-labelledby="answer-title">
              <h2 id="answer-title">{t.answer}</h2>
              <p class="note">{t.answerNote}</p>
              <p class="disclaimer" id="disclaimer">
                {PAGE_TEXTS[language].disclaimer}
              </p>
              <div
                id="answer"
                aria-live="polite"
                dangerouslySetInnerHTML={{ __html: answerHtml(simulate(values, language), language, values) }}
              />
            </section>
          </div>
          <footer>Cartax · {RULES_VERSION}</footer>
        </main>
      </body>
    </html>
  );
}
