import {
  type CalculationLine,
  calculate,
  enumNames,
  formatEuro,
  type Language,
  Region,
  RULES_VERSION,
  toCalculationLine,
  type UnavailableLine,
} from "@cartax/engine";
import { toCarDetailInput } from "@cartax/schemas";
import type { StoredCar } from "@cartax/storage";
import { FAVICON_DATA_URI } from "../kit/favicon";
import { LanguageLinks } from "../kit/language-links";
import { formatLongDate, formatQuantity } from "../kit/page-format";
import { PAGE_STYLE } from "../kit/page-style";
import { euroStandardName, fuelName, missingInputNames, PAGE_TEXTS } from "../kit/page-texts";
import { PROVISIONAL_NOTE, ProvisionalMark, ProvisionalNote } from "../kit/provisional-mark";

export interface CarPageProps {
  readonly car: StoredCar;
  readonly language: Language;
  /** Today in Belgium: the registration date the taxes are computed for. */
  readonly today: string;
  /** The page's own public URL (Open Graph). */
  readonly url: string;
}

/** The lines of one region for a company car registered today: registration tax, road tax, BIK. */
function linesFor(car: StoredCar, region: Region, today: string, language: Language) {
  const outcome = calculate({
    car: toCarDetailInput(car),
    profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region, language },
    options: { registrationDate: today },
    viewOptions: 1 | 2 | 4,
  });
  if (!outcome.ok) return [];
  const year = Number(today.slice(0, 4));
  return outcome.results.filter((r) => r.year === year).map((r) => toCalculationLine(r, language));
}

type PageLine = CalculationLine | UnavailableLine;

/** The words of the page for a figure, or for its absence (never "0.00 €" for a missing figure). */
function shortText(line: PageLine | undefined, language: Language): string {
  const t = PAGE_TEXTS[language];
  if (!line) return t.none;
  if ("value" in line) return line.value;
  if (line.outcome !== "missingInput") return t.noFigure[line.outcome];
  return t.noFigure.missingInput.replace("{fields}", missingInputNames(line.missingFields, language));
}

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
  if (!line) return <span>{t.none}</span>;
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

/**
 * The public page of a car detail: name, specifications and tax summary, in one language,
 * server-rendered, self-contained (styles inline, no external assets), printable, with Open Graph
 * tags for link previews. It shows no owner data and no key.
 */
export function CarPage(props: CarPageProps) {
  const t = PAGE_TEXTS[props.language];
  const { car } = props;
  const lang = props.language;
  const name = car.name?.trim() || `${fuelName(car.fuel, lang)} ${formatQuantity(car.kilowatt, "kW", lang)}`;
  const regions = enumNames(Region).map((region) => {
    const lines = linesFor(car, region, props.today, props.language);
    return { region, lines, find: (v: string) => lines.find((l) => l.viewOption === v) };
  });
  const bik = regions[0]?.find("BenefitInKind");
  // The note that explains the provisional mark, once, under the last figures (the benefit in
  // kind), so that a phone still shows every region's taxes and the benefit on its first screen.
  const isProvisional = (line: PageLine | undefined) =>
    line !== undefined && "value" in line && line.provisional;
  const anyProvisional =
    isProvisional(bik) ||
    regions.some((r) => isProvisional(r.find("RoadTax")) || isProvisional(r.find("YearlyTax")));
  const specs: [string, string | null][] = [
    [t.catalogPrice, formatEuro(car.catalogPrice, props.language)],
    [t.firstRegistration, car.firstRegistration ? formatLongDate(car.firstRegistration, lang) : null],
    [t.fuel, fuelName(car.fuel, lang)],
    [t.euroStandard, euroStandardName(car.euroStandard, lang)],
    [t.power, formatQuantity(car.kilowatt, "kW", lang)],
    [t.co2Wltp, car.wltp != null ? formatQuantity(car.wltp, "g/km", lang) : null],
    [t.co2Nedc, car.nedC2 ? formatQuantity(car.nedC2, "g/km", lang) : null],
    [t.capacity, car.capacity != null ? formatQuantity(car.capacity, "cm³", lang) : null],
    [t.weight, car.weight != null ? formatQuantity(car.weight, "kg", lang) : null],
    [t.battery, car.batteryCapacity != null ? formatQuantity(car.batteryCapacity, "kWh", lang) : null],
  ];
  const computedFor = `${t.computedFor} ${formatLongDate(props.today, lang)}.`;
  const summary = regions
    .map((r) => `${t.regions[r.region]}: ${shortText(r.find("RoadTax"), lang)}`)
    .join(" · ");
  return (
    <html lang={props.language}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${name} — ${t.title}`}</title>
        <meta name="description" content={`${t.registrationTax}: ${summary}`} />
        <meta property="og:type" content="website" />
        <meta property="og:title" content={`${name} — ${t.title}`} />
        <meta property="og:description" content={`${t.registrationTax}: ${summary}`} />
        <meta property="og:url" content={props.url} />
        <meta property="og:locale" content={{ en: "en_GB", nl: "nl_BE", fr: "fr_BE" }[props.language]} />
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={`${name} — ${t.title}`} />
        <meta name="twitter:description" content={`${t.registrationTax}: ${summary}`} />
        <meta name="robots" content="noindex" />
        <link rel="icon" href={FAVICON_DATA_URI} />
        <style dangerouslySetInnerHTML={{ __html: PAGE_STYLE }} />
      </head>
      <body>
        <main>
          <header>
            <p class="eyebrow">{t.title}</p>
            <h1>{name}</h1>
            <LanguageLinks language={lang} />
          </header>
          <section>
            <h2>{t.taxes}</h2>
            <p class="note">
              {t.taxesNote} <span data-testid="computed-for">{computedFor}</span>
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
                {regions.map((r) => (
                  <tr data-region={r.region}>
                    <th scope="row">{t.regions[r.region]}</th>
                    <td data-label={t.registrationTaxShort}>
                      <Figure line={r.find("RoadTax")} language={lang} note={PROVISIONAL_NOTE} />
                    </td>
                    <td data-label={t.roadTaxShort}>
                      <Figure line={r.find("YearlyTax")} language={lang} note={PROVISIONAL_NOTE} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section class="bik">
            <h2>{t.bik}</h2>
            <p class="note">{t.bikNote}</p>
            <div class="big" data-testid="bik">
              <Figure line={bik} language={lang} note={PROVISIONAL_NOTE} />
            </div>
            {anyProvisional ? <ProvisionalNote language={lang} id={PROVISIONAL_NOTE} /> : null}
          </section>
          <section class="specifications">
            <h2>{t.specs}</h2>
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
            <p data-testid="disclaimer">{t.disclaimer}</p>
            <p>
              {t.footer} {RULES_VERSION} · {formatLongDate(props.today, lang)}
            </p>
          </footer>
        </main>
      </body>
    </html>
  );
}
