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
import { FAVICON_DATA_URI } from "./favicon";
import { LanguageLinks } from "./language-links";
import { formatLongDate, formatQuantity } from "./page-format";
import { PAGE_STYLE } from "./page-style";
import { euroStandardName, fuelName, PAGE_TEXTS } from "./page-texts";

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
function shortText(line: PageLine | undefined, t: (typeof PAGE_TEXTS)[Language]): string {
  if (!line) return t.none;
  if ("value" in line) return line.value;
  if (line.outcome !== "missingInput") return t.noFigure[line.outcome];
  const labels: Record<string, string> = {
    weight: t.weight,
    capacity: t.capacity,
    wltp: t.co2Wltp,
    nedC2: t.co2Nedc,
  };
  const fields = (line.missingFields ?? []).map((f) => lowerFirst(labels[f] ?? f)).join(", ");
  return t.noFigure.missingInput.replace("{fields}", fields);
}

/** "Weight" → "weight", but "CO₂ (WLTP)" stays. */
const lowerFirst = (text: string) =>
  /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

function Amount(props: { line: PageLine | undefined; none: string; source: string }) {
  const { line } = props;
  if (!line) return <span>{props.none}</span>;
  // A figure shows its value; a tax without one says why, in the engine's words.
  const text = "value" in line ? line.value : line.reason;
  return (
    <span>
      <span class="amount">{text}</span>
      {line.url ? (
        <a class="source" href={line.url} rel="noopener" target="_blank">
          {props.source}
        </a>
      ) : null}
    </span>
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
    .map((r) => `${t.regions[r.region]}: ${shortText(r.find("RoadTax"), t)}`)
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
            <table>
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
                    <td data-label={t.registrationTax}>
                      <Amount line={r.find("RoadTax")} none={t.none} source={t.source} />
                    </td>
                    <td data-label={t.roadTax}>
                      <Amount line={r.find("YearlyTax")} none={t.none} source={t.source} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section class="bik">
            <h2>{t.bik}</h2>
            <p class="note">{t.bikNote}</p>
            <p class="big" data-testid="bik">
              <Amount line={bik} none={t.none} source={t.source} />
            </p>
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
