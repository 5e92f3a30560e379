import { type Language, RULES_VERSION } from "@cartax/engine";
import { noFigureText } from "../kit/missing-figure-texts";
import { missingInputNames, PAGE_TEXTS } from "../kit/page-texts";
import { PROVISIONAL_NOTE, ProvisionalMark, ProvisionalNote } from "../kit/provisional-mark";
import { SharedPageHead } from "../kit/shared-page-head";
import { SimulatorLink } from "../kit/simulator-link";
import type { CarView, PageLine } from "./car-view-model";

/*
 * The sections of the car page, each drawn from the page's view (car-view-model.ts).
 */

type ViewProps = { readonly view: CarView };

/**
 * A figure of the page: the amount, a provisional mark pointing at the note that explains it, the
 * basis (the line's description: catalogue value, coefficients, CO2, fiscal HP, the law's fallback
 * when one was used) and the legal source. A tax without a figure is set apart from amounts (not
 * bold, framed): "no figure", and the input it lacks named in the page's language, or why.
 */
export function Figure(props: {
  readonly line: PageLine | undefined;
  readonly language: Language;
  /** The id of the note that explains the provisional mark. */
  readonly note: string;
}) {
  const { line, language } = props;
  const t = PAGE_TEXTS[language];
  // A tax with no line this year is not due (issue 40): said, never a bare dash.
  if (!line)
    return (
      <span class="no-figure" data-outcome="notDue">
        {noFigureText({ outcome: "notDue" }, language)}
      </span>
    );
  const source = line.url ? (
    <a class="source" href={line.url} rel="noopener" target="_blank">
      {t.source}
    </a>
  ) : null;
  if (!("value" in line)) {
    const why =
      line.outcome === "missingInput"
        ? t.missingInput.replace("{fields}", missingInputNames(line.missingFields, language))
        : line.reason;
    return (
      <div class="no-figure" data-outcome={line.outcome}>
        <span class="no-figure-label">{t.noFigureLabel}</span>
        <span class="why">{why}</span>
        {line.outcome === "missingInput" ? <span class="hint">{t.completeCar}</span> : null}
        {source}
      </div>
    );
  }
  return (
    <div class="figure">
      <span class="amount">{line.value}</span>
      {line.provisional ? <ProvisionalMark language={language} note={props.note} /> : null}
      <div class="figure-more">
        {line.description ? <Basis text={line.description} language={language} /> : null}
        {source}
      </div>
    </div>
  );
}

/**
 * The basis of a figure, under it: shown as text on a wide screen; on a phone folded under
 * "How it is computed" so that every region's taxes stay on the first screen (the style sheet shows
 * one or the other; a hidden copy is hidden from assistive technology too).
 */
function Basis(props: { readonly text: string; readonly language: Language }) {
  return (
    <>
      <span class="basis basis-wide" data-basis="true">
        {props.text}
      </span>
      <details class="basis-narrow">
        <summary>{PAGE_TEXTS[props.language].basis}</summary>
        <span class="basis">{props.text}</span>
      </details>
    </>
  );
}

/** The document's head: title, link previews (Open Graph), the icon and the style. */
export function CarHead({ view, url }: ViewProps & { readonly url: string }) {
  const { title, description, language } = view;
  return <SharedPageHead title={title} description={description} language={language} url={url} />;
}

/** Each region's registration tax and annual road tax for a company car registered today. */
export function TaxesSection({ view }: ViewProps) {
  const lang = view.language;
  const t = PAGE_TEXTS[lang];
  return (
    <section>
      <h2>{t.taxes}</h2>
      <p class="note">
        {t.taxesNote} <span data-testid="computed-for">{view.computedFor}</span>
      </p>
      <table class="taxes">
        <thead>
          <tr>
            <th scope="col">{t.region}</th>
            <th scope="col">{t.registrationTax}</th>
            <th scope="col">{t.roadTax}</th>
          </tr>
        </thead>
        <tbody>
          {view.regions.map((r) => (
            <tr data-region={r.region}>
              <th scope="row">{t.regions[r.region]}</th>
              <td data-label={t.registrationTaxShort}>
                <Figure line={r.registrationTax} language={lang} note={PROVISIONAL_NOTE} />
              </td>
              <td data-label={t.roadTaxShort}>
                <Figure line={r.roadTax} language={lang} note={PROVISIONAL_NOTE} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The benefit in kind, and the note that explains the provisional mark: once, under the last
 * figures, so that a phone still shows every region's taxes and the benefit on its first screen.
 */
export function BikSection({ view }: ViewProps) {
  const lang = view.language;
  const t = PAGE_TEXTS[lang];
  return (
    <section class="bik">
      <h2>{t.bik}</h2>
      <p class="note">{t.bikNote}</p>
      <div class="big" data-testid="bik">
        <Figure line={view.bik} language={lang} note={PROVISIONAL_NOTE} />
      </div>
      {view.bikMonthly ? (
        <p class="bik-month" data-testid="bik-monthly">
          <span class="amount">{view.bikMonthly.amount}</span>
          <span class="note">{view.bikMonthly.how}</span>
        </p>
      ) : null}
      {view.anyProvisional ? <ProvisionalNote language={lang} id={PROVISIONAL_NOTE} /> : null}
    </section>
  );
}

/** The car's specifications, and the footer (disclaimer, rules version, date). */
export function SpecsSection({ view }: ViewProps) {
  const t = PAGE_TEXTS[view.language];
  return (
    <>
      <section class="specifications">
        <h2>{t.specs}</h2>
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
        <SimulatorLink language={view.language} />
        <p data-testid="disclaimer">{t.disclaimer}</p>
        <p>
          {t.footer} {RULES_VERSION} · {view.today}
        </p>
      </footer>
    </>
  );
}
