import { CALCULATORS } from "@cartax/engine";
import type { RulesSnapshot, SnapshotRow, SnapshotSource, SnapshotTable } from "./rules-snapshot";

/** One difference between two snapshots, row by row (a row is keyed by its table and `from`). */
export interface RuleChange {
  readonly change: "added" | "removed" | "changed";
  readonly table: string;
  readonly from: string;
  readonly until: string | null;
  readonly old?: unknown;
  readonly new?: unknown;
  /** The new row's sources (the old one's for a removal). */
  readonly sources: readonly SnapshotSource[];
  readonly calculators: readonly string[];
}

export interface RulesDiff {
  readonly oldVersion: string;
  readonly newVersion: string;
  readonly changes: readonly RuleChange[];
  /** The calculators any change feeds, in ViewOptions order: a notification's updatedCalculations. */
  readonly updatedCalculations: readonly string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const rowChanged = (a: SnapshotRow, b: SnapshotRow) =>
  !same(a.value, b.value) ||
  a.until !== b.until ||
  a.provisional !== b.provisional ||
  // An indexed amount's declaration (base, coefficient, rounding), in exports that have one.
  (a.indexed !== undefined && b.indexed !== undefined && !same(a.indexed, b.indexed)) ||
  // A source is its address: a retitled source is not a change of the law.
  !same(
    a.sources.map((s) => s.href),
    b.sources.map((s) => s.href),
  );
const rowValue = (row: SnapshotRow) => ({ value: row.value, until: row.until, provisional: row.provisional });

/** Every row added, removed or changed from `before` to `after` (tables that appear or vanish too). */
export function diffRules(before: RulesSnapshot, after: RulesSnapshot): RulesDiff {
  const changes: RuleChange[] = [];
  const tables = new Map<string, { old?: SnapshotTable; new?: SnapshotTable }>();
  for (const t of before.tables) tables.set(t.id, { old: t });
  for (const t of after.tables) tables.set(t.id, { ...tables.get(t.id), new: t });
  for (const [id, pair] of tables) {
    const calculators = [...new Set([...(pair.old?.calculators ?? []), ...(pair.new?.calculators ?? [])])];
    const oldRows = new Map((pair.old?.rows ?? []).map((r) => [r.from, r]));
    const newRows = new Map((pair.new?.rows ?? []).map((r) => [r.from, r]));
    for (const [from, row] of newRows) {
      const previous = oldRows.get(from);
      if (!previous)
        changes.push({
          change: "added",
          table: id,
          from,
          until: row.until,
          new: rowValue(row),
          sources: row.sources,
          calculators,
        });
      else if (rowChanged(previous, row)) {
        changes.push({
          change: "changed",
          table: id,
          from,
          until: row.until,
          old: rowValue(previous),
          new: rowValue(row),
          sources: row.sources,
          calculators,
        });
      }
    }
    for (const [from, row] of oldRows) {
      if (!newRows.has(from))
        changes.push({
          change: "removed",
          table: id,
          from,
          until: row.until,
          old: rowValue(row),
          sources: row.sources,
          calculators,
        });
    }
  }
  const touched = new Set(changes.flatMap((c) => c.calculators));
  return {
    oldVersion: before.rulesVersion,
    newVersion: after.rulesVersion,
    changes,
    updatedCalculations: CALCULATORS.filter((c) => touched.has(c)),
  };
}

/** The readable form of a diff: one line per change, then the calculators to notify. */
export function formatRulesDiff(diff: RulesDiff): string {
  const show = (v: unknown) => JSON.stringify((v as { value?: unknown } | undefined)?.value);
  const lines = [`rules ${diff.oldVersion} → ${diff.newVersion}: ${diff.changes.length} row(s) differ`];
  for (const c of diff.changes) {
    const period = `${c.from}…${c.until ?? ""}`;
    const what =
      c.change === "changed"
        ? `${show(c.old)} → ${show(c.new)}`
        : c.change === "added"
          ? `+ ${show(c.new)}`
          : `- ${show(c.old)}`;
    lines.push(
      `  ${c.change.padEnd(7)} ${c.table} ${period}: ${what}  [${c.calculators.join(", ")}]  ${c.sources[0]?.href ?? ""}`,
    );
  }
  lines.push(
    diff.updatedCalculations.length > 0
      ? `updatedCalculations: ${diff.updatedCalculations.join(",")}  (cartax notify --calculations ${diff.updatedCalculations.join(",")})`
      : "updatedCalculations: none",
  );
  return lines.join("\n");
}
