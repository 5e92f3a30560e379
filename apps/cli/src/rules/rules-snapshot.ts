import { RULE_TABLES, RULES_VERSION } from "@cartax/engine";

/** A source as exported: title, address, and the Official Journal date of official texts. */
export interface SnapshotSource {
  readonly title: string;
  readonly href: string;
  readonly officialJournalDate?: string;
}

/** One row of a rule table as exported. */
export interface SnapshotRow {
  readonly from: string;
  readonly until: string | null;
  readonly value: unknown;
  readonly sources: readonly SnapshotSource[];
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

/** Every rule table of the engine as one JSON document (`cartax rules export`). */
export interface RulesSnapshot {
  readonly rulesVersion: string;
  readonly tables: readonly SnapshotTable[];
}

export function exportRules(): RulesSnapshot {
  return {
    rulesVersion: RULES_VERSION,
    tables: RULE_TABLES.map(({ table, calculators }) => ({
      id: table.id,
      description: table.description,
      unit: table.unit,
      lastChecked: table.lastChecked,
      calculators: [...calculators],
      rows: table.rows.map((row) => ({
        from: row.from,
        until: row.until,
        value: row.value,
        sources: row.sources.map((source) => ({ ...source })),
        provisional: row.provisional === true,
        ...(row.note ? { note: row.note } : {}),
      })),
    })),
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
