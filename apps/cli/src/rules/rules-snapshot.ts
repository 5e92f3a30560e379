import { RULE_TABLES, RULES_VERSION } from "@cartax/engine";

/** One row of a rule table as exported. */
export interface SnapshotRow {
  readonly from: string;
  readonly until: string | null;
  readonly value: unknown;
  readonly sources: readonly string[];
  readonly provisional: boolean;
  readonly note?: string;
}

export interface SnapshotTable {
  readonly id: string;
  readonly description: string;
  readonly unit: string;
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
      calculators: [...calculators],
      rows: table.rows.map((row) => ({
        from: row.from,
        until: row.until,
        value: row.value,
        sources: [...row.sources],
        provisional: row.provisional === true,
        ...(row.note ? { note: row.note } : {}),
      })),
    })),
  };
}
