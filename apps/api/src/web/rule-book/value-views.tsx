import type { Language } from "@cartax/engine";
import { formatDate, formatNumber } from "./book-texts";
import { VALUE_WORDS } from "./value-labels";

type Json = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const fill = (template: string, values: Readonly<Record<string, string>>) =>
  template.replace(/\{(\w+)\}/g, (slot, name: string) => values[name] ?? slot);

const LOCALES: Readonly<Record<Language, string>> = { en: "en-GB", nl: "nl-BE", fr: "fr-BE" };
/** An amount in euros with its cents ("105,60"), a whole amount without them. */
const money = (value: number, language: Language) =>
  Number.isInteger(value)
    ? formatNumber(value, language)
    : new Intl.NumberFormat(LOCALES[language], {
        minimumFractionDigits: 2,
        maximumFractionDigits: 10,
      }).format(value);

/** The fields whose value is a band's upper bound (the last band's is null: no upper limit). */
const BOUND_KEYS = new Set(["belowMonths", "upToMonth", "maxHorsepower", "maxKilowatt", "maxCo2", "until"]);

/** "euro3Dpf" → "Euro 3 DPF"; "euro6" → "Euro 6". */
const euroClass = (value: string) =>
  value.replace(/^euro(\d)(Dpf)?$/, (_, n: string, dpf) => `Euro ${n}${dpf ? " DPF" : ""}`);

/** A field's name in the language, or the data's own name marked as English code. */
function KeyName(props: { readonly name: string; readonly language: Language }) {
  const label = VALUE_WORDS[props.language].keys[props.name];
  return label ?? <code lang="en">{props.name}</code>;
}

/** A single value as the law writes it: numbers localised, dates in words, Euro classes named. */
function leaf(value: unknown, language: Language, key?: string): string {
  const w = VALUE_WORDS[language];
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? w.yes : w.no;
  if (typeof value === "number") {
    const text = formatNumber(value, language);
    if (key === "percent" || key === "highCo2Percent") return `${text}${language === "en" ? " " : "\u00a0"}%`;
    if (key === "amount" || key === "flat") return `${money(value, language)}\u00a0€`;
    return text;
  }
  if (typeof value === "string") {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value, language);
    if (/^euro\d(Dpf)?$/.test(value)) return euroClass(value);
    return value;
  }
  return String(value);
}

/** A band's bound as the law says it: "less than 12 months", "more than 17 fiscal HP". */
function boundText(key: string, value: unknown, previous: unknown, language: Language): string {
  const words = VALUE_WORDS[language].bounds[key];
  if (!words) return leaf(value, language, key);
  if (value === null || value === undefined) {
    const n = typeof previous === "number" ? previous : 0;
    return fill(words.open, { n: formatNumber(n, language), next: formatNumber(n + 1, language) });
  }
  return fill(words.bounded, { n: leaf(value, language), next: "" });
}

/** An array of records with the same fields (bands): a table, a row per band. */
function BandTable(props: { readonly bands: readonly Json[]; readonly language: Language }) {
  const { bands, language } = props;
  const keys = [...new Set(bands.flatMap((band) => Object.keys(band)))];
  return (
    <table class="value-table">
      <thead>
        <tr>
          {keys.map((key) => (
            <th scope="col">
              <KeyName name={key} language={language} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {bands.map((band, i) => (
          <tr>
            {keys.map((key) =>
              BOUND_KEYS.has(key) ? (
                <th scope="row">{boundText(key, band[key], bands[i - 1]?.[key], language)}</th>
              ) : (
                <td>
                  <Value value={band[key]} language={language} name={key} />
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The road-tax scale by fiscal HP: a row per class up to the last, then the amount per HP above it. */
function ScaleTable(props: {
  readonly amounts: readonly number[];
  readonly above: unknown;
  readonly language: Language;
}) {
  const w = VALUE_WORDS[props.language];
  // The scale's first class is "up to 4 fiscal HP" (regional.roadTax.scaleClasses): the position
  // of an amount is its fiscal HP minus 4, the last is 20.
  const first = 21 - props.amounts.length;
  return (
    <table class="value-table" data-value="scale">
      <thead>
        <tr>
          <th scope="col">{w.fiscalHp}</th>
          <th scope="col">{w.amount}</th>
        </tr>
      </thead>
      <tbody>
        {props.amounts.map((amount, i) => (
          <tr>
            <th scope="row">
              {i === 0
                ? fill(w.upToHp, { n: formatNumber(first, props.language) })
                : formatNumber(first + i, props.language)}
            </th>
            <td>{leaf(amount, props.language, "amount")}</td>
          </tr>
        ))}
        {typeof props.above === "number" ? (
          <tr>
            <th scope="row">
              {fill(w.perHpAbove, { n: formatNumber(first + props.amounts.length - 1, props.language) })}
            </th>
            <td>{leaf(props.above, props.language, "amount")}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

/** A record whose fields are records with the same fields (by fuel and Euro class): a cross table. */
function CrossTable(props: { readonly record: Json; readonly language: Language }) {
  const columns = Object.keys(props.record);
  const rows = Object.keys(props.record[columns[0] ?? ""] as Json);
  return (
    <table class="value-table">
      <thead>
        <tr>
          <td />
          {columns.map((column) => (
            <th scope="col">
              <KeyName name={column} language={props.language} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr>
            <th scope="row">
              {/^euro\d/.test(row) ? euroClass(row) : <KeyName name={row} language={props.language} />}
            </th>
            {columns.map((column) => (
              <td>{leaf((props.record[column] as Json)[row], props.language)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const sameKeys = (records: readonly unknown[]) => {
  if (records.length === 0 || !records.every(isRecord)) return false;
  const first = Object.keys(records[0] as Json).join();
  return records.every((record) => Object.keys(record as Json).join() === first);
};

/**
 * A parameter's value as the law writes it, never as a raw structure: a number in the language's
 * writing, bands as a table with their bounds in words ("less than 12 months: 100 %"), the road-tax
 * scale as a table by fiscal HP, a table by age for a list of percentages by year, a table by fuel
 * and Euro class, other records as named fields.
 */
export function Value(props: {
  readonly value: unknown;
  readonly language: Language;
  /** The field the value is the value of (for its unit), or the parameter's id at the top. */
  readonly name?: string;
}) {
  const { value, language } = props;
  const w = VALUE_WORDS[language];
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isRecord))
      return <BandTable bands={value as Json[]} language={language} />;
    if (value.every((item) => typeof item === "number"))
      return (
        <table class="value-table">
          <thead>
            <tr>
              <th scope="col">{w.age}</th>
              <th scope="col">%</th>
            </tr>
          </thead>
          <tbody>
            {value.map((item, i) => (
              <tr>
                <th scope="row">{fill(w.ageYears, { n: formatNumber(i, language) })}</th>
                <td>{formatNumber(item as number, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    return <>{value.map((item) => leaf(item, language)).join(", ")}</>;
  }
  if (isRecord(value)) {
    if (Array.isArray(value.upTo20) && value.upTo20.every((n) => typeof n === "number"))
      return (
        <ScaleTable
          amounts={value.upTo20 as number[]}
          above={value.perHorsepowerAbove20}
          language={language}
        />
      );
    const inner = Object.values(value);
    if (inner.length > 1 && sameKeys(inner)) return <CrossTable record={value} language={language} />;
    return (
      <dl class="value-record">
        {Object.entries(value).map(([key, inner]) => (
          <div>
            <dt>
              <KeyName name={key} language={language} />
            </dt>
            <dd>
              <Value value={inner} language={language} name={key} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <>{leaf(value, language, props.name)}</>;
}
