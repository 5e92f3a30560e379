import {
  benefitInKindSchedule,
  type CalculationLine,
  calculate,
  enumNames,
  formatEuro,
  type Language,
  Region,
  toCalculationLine,
  type UnavailableLine,
} from "@cartax/engine";
import { toCarDetailInput } from "@cartax/schemas";
import type { StoredCar } from "@cartax/storage";
import { noFigureText } from "../kit/missing-figure-texts";
import { formatLongDate, formatQuantity, PAGE_LOCALES } from "../kit/page-format";
import { euroStandardName, fuelName, missingInputNames, PAGE_TEXTS } from "../kit/page-texts";
import { BIK_MONTH_TEXTS } from "./bik-month-texts";

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

export type PageLine = CalculationLine | UnavailableLine;

/** The words of the page for a figure, or for its absence (never "0.00 €" for a missing figure). */
function shortText(line: PageLine | undefined, language: Language): string {
  const t = PAGE_TEXTS[language];
  if (!line) return noFigureText({ outcome: "notDue" }, language);
  if ("value" in line) return line.value;
  if (line.outcome !== "missingInput") return t.noFigure[line.outcome];
  return t.noFigure.missingInput.replace("{fields}", missingInputNames(line.missingFields, language));
}

/** One region's row of the taxes table: its registration tax and its annual road tax. */
export interface RegionTaxes {
  readonly region: keyof typeof Region;
  /** The contract's RoadTax line: the registration tax (BIV/TMC). */
  readonly registrationTax: PageLine | undefined;
  /** The contract's YearlyTax line: the annual road tax. */
  readonly roadTax: PageLine | undefined;
}

/**
 * What the car page shows, as plain data: the car's name, each region's taxes and the benefit in
 * kind for a company car registered today, the specifications, in the page's language.
 */
export interface CarView {
  readonly language: Language;
  readonly name: string;
  /** The document's title and its description (the registration tax by region) for link previews. */
  readonly title: string;
  readonly description: string;
  readonly regions: readonly RegionTaxes[];
  readonly bik: PageLine | undefined;
  /** The benefit in kind of a month of use (bikOfAMonth), beside the yearly one; null without a figure. */
  readonly bikMonthly: { readonly amount: string; readonly how: string } | null;
  /** Whether a figure is provisional: the note that explains the mark is shown once. */
  readonly anyProvisional: boolean;
  /** The specifications (label, value), those without a value left out. */
  readonly specs: readonly (readonly [string, string])[];
  /** "Computed for a registration on …". */
  readonly computedFor: string;
  /** Today, as the footer writes it. */
  readonly today: string;
}

/** The car's specifications, in the page's language; those it lacks left out. */
function carSpecs(car: StoredCar, lang: Language): [string, string][] {
  const t = PAGE_TEXTS[lang];
  const specs: [string, string | null][] = [
    [t.catalogPrice, formatEuro(car.catalogPrice, lang)],
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
  return specs.filter((spec): spec is [string, string] => spec[1] !== null);
}

/**
 * The benefit in kind of a month (issue 40 point 5; the engine's schedule, as POST
 * /v1/BenefitInKind/schedule answers it) for the car registered today: the first full calendar
 * month of this year after today, else (in December) the rest of this month; a later year's rules
 * may not be published. The yearly amount at that month's age coefficient × the days of use ÷ the
 * year's days, to the cent.
 */
function bikOfAMonth(car: StoredCar, today: string, lang: Language): CarView["bikMonthly"] {
  const outcome = benefitInKindSchedule(
    {
      car: toCarDetailInput(car),
      profile: {
        status: "SelfEmployed",
        registrationOn: "CompanyRegistration",
        region: "Flanders",
        language: lang,
      },
      options: { registrationDate: today },
    },
    { from: today, until: `${today.slice(0, 4)}-12-31`, language: lang },
  );
  if (!outcome.ok) return null;
  const full = outcome.months.find((m) => m.days === Number(m.until.slice(8, 10)) && m.from.endsWith("-01"));
  const month = full ?? outcome.months.at(-1);
  if (month?.amount == null) return null;
  const t = BIK_MONTH_TEXTS[lang];
  const monthName = new Intl.DateTimeFormat(PAGE_LOCALES[lang], {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month.from}T00:00:00Z`));
  return {
    amount: t.perMonth.replace("{amount}", formatEuro(month.amount, lang)),
    how: t.how.replace("{month}", monthName).replace("{days}", String(month.days)),
  };
}

const isProvisional = (line: PageLine | undefined) =>
  line !== undefined && "value" in line && line.provisional;

/** The car page's view of a stored car, for a registration today, in one language. */
export function carView(car: StoredCar, today: string, lang: Language): CarView {
  const t = PAGE_TEXTS[lang];
  const name = car.name?.trim() || `${fuelName(car.fuel, lang)} ${formatQuantity(car.kilowatt, "kW", lang)}`;
  const regions = enumNames(Region).map((region) => {
    const lines = linesFor(car, region, today, lang);
    const find = (v: string) => lines.find((l) => l.viewOption === v);
    return {
      region,
      registrationTax: find("RoadTax"),
      roadTax: find("YearlyTax"),
      bik: find("BenefitInKind"),
    };
  });
  const bik = regions[0]?.bik;
  const summary = regions
    .map((r) => `${t.regions[r.region]}: ${shortText(r.registrationTax, lang)}`)
    .join(" · ");
  return {
    language: lang,
    name,
    title: `${name} — ${t.title}`,
    description: `${t.registrationTax}: ${summary}`,
    regions: regions.map(({ region, registrationTax, roadTax }) => ({ region, registrationTax, roadTax })),
    bik,
    bikMonthly: bikOfAMonth(car, today, lang),
    anyProvisional:
      isProvisional(bik) || regions.some((r) => isProvisional(r.registrationTax) || isProvisional(r.roadTax)),
    specs: carSpecs(car, lang),
    computedFor: `${t.computedFor} ${formatLongDate(today, lang)}.`,
    today: formatLongDate(today, lang),
  };
}
