import { RULE_TABLES, RULES_VERSION } from "@cartax/engine";

/**
 * A source as exported: title, address, and where known the article that holds the value and the
 * Official Journal date and numac of the text.
 */
export interface SnapshotSource {
  readonly title: string;
  readonly href: string;
  readonly article?: string;
  readonly officialJournalDate?: string;
  readonly numac?: string;
}

/** Whether the first source is the legal text itself, or a secondary one until it is confirmed. */
export type SnapshotPrimarySource =
  | { readonly status: "official" }
  /** The legal text is identified and cited first; its figure was read in a secondary source. */
  | { readonly status: "official"; readonly figure: "secondary"; readonly reason: string }
  | { readonly status: "pending"; readonly reason: string };

/** One row of a rule table as exported. */
export interface SnapshotRow {
  readonly from: string;
  readonly until: string | null;
  readonly value: unknown;
  /** An indexed amount: its base, the coefficient (and where it was read) and the rounding rule. */
  readonly indexed?: {
    readonly base: unknown;
    readonly coefficient: number;
    readonly coefficientFrom?: string;
    readonly rounding: string;
  };
  readonly sources: readonly SnapshotSource[];
  /** Absent in exports before 2026.11.3. */
  readonly primarySource?: SnapshotPrimarySource;
  /** high, medium or low (absent in exports before 2026.11.3). */
  readonly confidence?: string;
  readonly provisional: boolean;
  readonly note?: string;
}

export interface SnapshotTable {
  readonly id: string;
  readonly description: string;
  readonly unit: string;
  /** The day the rows were last checked against their sources (absent in exports before 2026.11.1). */
  readonly lastChecked?: string;
  readonly calculators: readonly string[];
  readonly rows: readonly SnapshotRow[];
}

/** Counts over the export, for a reviewer (absent in exports before 2026.11.3). */
export interface SnapshotSummary {
  readonly parameters: number;
  readonly rows: number;
  readonly provisionalRows: number;
  /** Rows whose first source is the legal text itself. */
  readonly officialPrimarySourceRows: number;
  /** Rows whose primary source is still pending (a secondary source stands in for the legal text). */
  readonly pendingPrimarySourceRows: number;
  /** Of those, the rows that are not provisional. */
  readonly pendingPrimarySourceNonProvisionalRows: number;
  /** Rows that are not provisional (the base of the three counts below; absent before 2026.11.4). */
  readonly nonProvisionalRows?: number;
  /** Of those, the rows whose first source is the legal text itself. */
  readonly officialPrimarySourceNonProvisionalRows?: number;
  /** Of those, the rows whose first source also names its article or its Official Journal date. */
  readonly articleOrDateNonProvisionalRows?: number;
  /** Official-first rows whose figure was read in a secondary source (`figure: "secondary"`). */
  readonly figureFromSecondaryRows?: number;
}

/** Every rule table of the engine as one JSON document (`cartax rules export`). */
export interface RulesSnapshot {
  readonly rulesVersion: string;
  readonly summary?: SnapshotSummary;
  readonly tables: readonly SnapshotTable[];
}

export function exportRules(): RulesSnapshot {
  const tables = RULE_TABLES.map(({ table, calculators }) => ({
    id: table.id,
    description: table.description,
    unit: table.unit,
    lastChecked: table.lastChecked,
    calculators: [...calculators],
    rows: table.rows.map((row) => ({
      from: row.from,
      until: row.until,
      value: row.value,
      ...(row.indexed ? { indexed: { ...row.indexed } } : {}),
      sources: row.citations.map((source) => ({ ...source })),
      primarySource: { ...row.primarySource },
      confidence: row.confidence,
      provisional: row.provisional === true,
      ...(row.note ? { note: row.note } : {}),
    })),
  }));
  const rows = tables.flatMap((t) => t.rows);
  const pending = rows.filter((r) => r.primarySource.status === "pending");
  const settled = rows.filter((r) => !r.provisional);
  const officialSettled = settled.filter((r) => r.primarySource.status === "official");
  return {
    rulesVersion: RULES_VERSION,
    summary: {
      parameters: tables.length,
      rows: rows.length,
      provisionalRows: rows.filter((r) => r.provisional).length,
      officialPrimarySourceRows: rows.length - pending.length,
      pendingPrimarySourceRows: pending.length,
      pendingPrimarySourceNonProvisionalRows: pending.filter((r) => !r.provisional).length,
      nonProvisionalRows: settled.length,
      officialPrimarySourceNonProvisionalRows: officialSettled.length,
      articleOrDateNonProvisionalRows: officialSettled.filter(
        (r) => r.sources[0]?.article !== undefined || r.sources[0]?.officialJournalDate !== undefined,
      ).length,
      figureFromSecondaryRows: rows.filter((r) => "figure" in r.primarySource).length,
    },
    tables,
  };
}

/**
 * A snapshot as read from a file. Exports before rules 2026.11.1 cite sources as strings (an address,
 * sometimes followed by a remark): each becomes a source whose address is the string's first word.
 */
export function normalizeSnapshot(data: RulesSnapshot): RulesSnapshot {
  return {
    ...data,
    tables: data.tables.map((table) => ({
      ...table,
      rows: table.rows.map((row) => ({
        ...row,
        sources: (row.sources as readonly (SnapshotSource | string)[]).map((source) =>
          typeof source === "string" ? { title: source, href: source.split(/\s/)[0] ?? source } : source,
        ),
      })),
    })),
  };
}
