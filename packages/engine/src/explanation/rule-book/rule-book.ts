import type { Calculator, Region } from "../../core/enums";
import type { ParameterTable } from "../../law/parameter-table";
import { type RegisteredTable, RULE_TABLES } from "../../law/registry";
import type { Source } from "../../law/source";
import { BOOK_PAGES, type BookPageDefinition, type BookScope, SCOPE_REGION } from "./book-pages";

/** A source as the book cites it: the publication, and where in it the value stands when known. */
export interface BookSource extends Source {
  readonly article?: string;
  readonly numac?: string;
}

/** A row of a parameter as the rule book shows it; fields it does not name are kept in `extra`. */
export interface BookRow {
  readonly from: string;
  readonly until: string | null;
  readonly value: unknown;
  /** The row's citations (article, numac, Official Journal date) where the data has them, else its sources. */
  readonly sources: readonly BookSource[];
  readonly provisional: boolean;
  readonly note?: string;
  /** `official`, or `pending: <why>` when the first source is not the legal text yet. */
  readonly primarySource?: string;
  readonly confidence?: string;
  /** How an indexed amount is computed: base × coefficient (and where it comes from), rounding. */
  readonly derivation?: string;
  /** Any other field the data gives a row. */
  readonly extra: Readonly<Record<string, unknown>>;
}

/** A parameter on a page of the rule book: its registry entry and its anchor on the page. */
export interface BookParameter {
  /** The parameter's id in the registry (`cartax rules export`). */
  readonly id: string;
  /** Its anchor on the page, and the last segment of its stable address `/rules/<page>/<anchor>`. */
  readonly anchor: string;
  readonly description: string;
  readonly unit: string;
  readonly lastChecked?: string;
  readonly calculators: readonly Calculator[];
  readonly rows: readonly BookRow[];
  /** Any other field the data gives the parameter. */
  readonly extra: Readonly<Record<string, unknown>>;
}

/** A page of the rule book with the parameters its calculator reads. */
export interface BookPage extends BookPageDefinition {
  /** `<scope>/<tax>`, e.g. `flanders/registration-tax`: the page's address under the book. */
  readonly path: string;
  readonly region: Region | null;
  readonly parameters: readonly BookParameter[];
}

const REGION_SCOPES: readonly BookScope[] = ["flanders", "wallonia", "brussels"];

/** Segments of an id that name the page's tax (dropped from anchors: the page says it). */
const TAX_WORDS: Readonly<Record<BookPageDefinition["tax"], readonly string[]>> = {
  "registration-tax": ["registration-tax", "biv", "tmc"],
  "annual-road-tax": ["annual-road-tax", "road-tax", "yearly-tax"],
  "benefit-in-kind": ["benefit-in-kind", "bik"],
  deduction: ["deduction", "fiscal-deduction"],
  "rejected-expenses": ["rejected-expenses"],
  "co2-contribution": ["co2-contribution"],
};

const kebab = (segment: string) =>
  segment
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();

/** The regions an id names in any segment (none: the parameter holds for every region). */
function regionsNamed(id: string): readonly BookScope[] {
  const words = new Set(id.toLowerCase().split(/[^a-z]+/));
  return REGION_SCOPES.filter((scope) => words.has(scope));
}

/** The full id as an anchor: `flanders.biv.q` → `flanders-biv-q`. */
const fullAnchor = (id: string) => id.split(/[./]/).map(kebab).filter(Boolean).join("-");

/** The id without the segments the page already says: `flanders.biv.q` on the Flemish BIV page → `q`. */
function shortAnchor(id: string, page: BookPageDefinition): string {
  const segments = id.split(/[./]/).map(kebab).filter(Boolean);
  if (segments[0]?.split("-").every((word) => (REGION_SCOPES as string[]).includes(word))) segments.shift();
  if (segments[0] && TAX_WORDS[page.tax].includes(segments[0])) segments.shift();
  return segments.join("-");
}

const KNOWN_ROW_FIELDS = new Set([
  "from",
  "until",
  "value",
  "sources",
  "citations",
  "provisional",
  "note",
  "parameter",
  "primarySource",
  "confidence",
  "indexed",
]);
const KNOWN_TABLE_FIELDS = new Set(["id", "description", "unit", "lastChecked", "rows", "calculators"]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value of any shape on one line (bases of indexed tables are bands and records). */
function plain(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(plain).join("; ")}]`;
  if (isRecord(value))
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${plain(inner)}`)
      .join(", ");
  return String(value);
}

function primarySourceOf(row: Record<string, unknown>): string | undefined {
  const primary = row.primarySource;
  if (!isRecord(primary) || typeof primary.status !== "string") return undefined;
  return typeof primary.reason === "string" ? `${primary.status}: ${primary.reason}` : primary.status;
}

function derivationOf(row: Record<string, unknown>): string | undefined {
  const indexed = row.indexed;
  if (!isRecord(indexed)) return undefined;
  const from = typeof indexed.coefficientFrom === "string" ? ` (${indexed.coefficientFrom})` : "";
  return `${plain(indexed.base)} × ${plain(indexed.coefficient)}${from}, rounding ${plain(indexed.rounding)}`;
}

function extraFields(object: object, known: ReadonlySet<string>): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object))
    if (!known.has(key) && value !== undefined) extra[key] = value;
  return extra;
}

function bookRows(table: ParameterTable<unknown>): readonly BookRow[] {
  return table.rows.map((row): BookRow => {
    const fields = row as unknown as Record<string, unknown>;
    const citations = Array.isArray(fields.citations) ? (fields.citations as BookSource[]) : undefined;
    const primarySource = primarySourceOf(fields);
    const derivation = derivationOf(fields);
    return {
      from: row.from,
      until: row.until,
      value: row.value,
      sources: citations && citations.length > 0 ? citations : row.sources,
      provisional: row.provisional === true,
      ...(row.note ? { note: row.note } : {}),
      ...(primarySource ? { primarySource } : {}),
      ...(typeof fields.confidence === "string" ? { confidence: fields.confidence } : {}),
      ...(derivation ? { derivation } : {}),
      extra: extraFields(row, KNOWN_ROW_FIELDS),
    };
  });
}

function belongsTo(entry: RegisteredTable, page: BookPageDefinition): boolean {
  if (!entry.calculators.includes(page.calculator)) return false;
  if (page.scope === "federal") return true;
  const named = regionsNamed(entry.table.id);
  return named.length === 0 || named.includes(page.scope);
}

/**
 * The rule book: one page per tax and region, each with every registered parameter its calculator
 * reads (by the calculators the registry names and the region its id names), sorted by id. It grows
 * with the registry: a parameter added there appears on its pages without a change here.
 */
export function ruleBook(): readonly BookPage[] {
  return BOOK_PAGES.map((page) => {
    const entries = RULE_TABLES.filter((entry) => belongsTo(entry, page));
    const shorts = entries.map((entry) => shortAnchor(entry.table.id, page));
    const parameters = entries
      .map((entry, i): BookParameter => {
        const short = shorts[i] ?? "";
        const unique = short !== "" && shorts.indexOf(short) === shorts.lastIndexOf(short);
        const { table } = entry;
        return {
          id: table.id,
          anchor: unique ? short : fullAnchor(table.id),
          description: table.description,
          unit: table.unit,
          ...(table.lastChecked ? { lastChecked: table.lastChecked } : {}),
          calculators: [...entry.calculators],
          rows: bookRows(table),
          extra: extraFields(table, KNOWN_TABLE_FIELDS),
        };
      })
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { ...page, path: `${page.scope}/${page.tax}`, region: SCOPE_REGION[page.scope], parameters };
  });
}

let index: Map<string, string> | undefined;
const key = (calculator: string, region: string | null, id: string) => `${calculator}|${region ?? ""}|${id}`;

/**
 * The rule-book address of a parameter as a line of `calculator` for a car in `region` used it:
 * `<scope>/<tax>/<anchor>` (e.g. `flanders/registration-tax/q`), or undefined when the book has no
 * entry for it. A service puts it after its own `/rules/`; the Markdown book has it as
 * `docs/rules/<scope>/<tax>.md#<anchor>`.
 */
export function ruleBookPath(
  calculator: Calculator,
  region: Region,
  parameterId: string,
): string | undefined {
  // A public function never throws: a caller's non-string (the never-throws property test found an
  // object whose conversion to a string throws) has no entry.
  if (typeof calculator !== "string" || typeof region !== "string" || typeof parameterId !== "string")
    return undefined;
  if (!index) {
    index = new Map();
    for (const page of ruleBook()) {
      for (const parameter of page.parameters) {
        const address = `${page.path}/${parameter.anchor}`;
        if (page.region === null)
          for (const r of ["Flanders", "Wallonia", "Brussels"])
            index.set(key(page.calculator, r, parameter.id), address);
        else index.set(key(page.calculator, page.region, parameter.id), address);
      }
    }
  }
  return index.get(key(calculator, region, parameterId));
}
