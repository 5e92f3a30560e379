import { CALCULATORS } from "@cartax/engine";
import type { RulesSnapshot, SnapshotRow, SnapshotSource, SnapshotTable } from "./rules-snapshot";

/** What differs in a changed row. */
export type RowAspect = "value" | "period" | "source" | "confidence" | "provisional";

/** One difference between two snapshots, row by row (a row is keyed by its table and `from`). */
export interface RuleChange {
  readonly change: "added" | "removed" | "changed";
  readonly table: string;
  readonly from: string;
  readonly until: string | null;
  /** For a changed row: what differs, in this order (value, period, source, confidence, provisional). */
  readonly changed?: readonly RowAspect[];
  readonly old?: RowRecord;
  readonly new?: RowRecord;
  /** The new row's sources (the old one's for a removal). */
  readonly sources: readonly SnapshotSource[];
  readonly calculators: readonly string[];
}

/** A row as a change shows it. */
export interface RowRecord {
  readonly value: unknown;
  readonly until: string | null;
  readonly provisional: boolean;
  /** The sources' addresses (absent in exports before the rows had sources). */
  readonly sources: readonly string[];
  readonly confidence?: string;
}

export interface RulesDiff {
  readonly oldVersion: string;
  readonly newVersion: string;
  readonly changes: readonly RuleChange[];
  /**
   * The calculators any change feeds (a change of confidence alone excepted: results do not show
   * it), in ViewOptions order: a notification's updatedCalculations.
   */
  readonly updatedCalculations: readonly string[];
}

/**
 * Whether two values read from JSON are the same: objects compare by their keys whatever their
 * order, numbers by value (1.10 and 1.1 are one number). A file written with other indentation or
 * key order is the same rules.
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((k) => left[k] !== undefined);
  return (
    keys.length === Object.keys(right).filter((k) => right[k] !== undefined).length &&
    keys.every((k) => Object.hasOwn(right, k) && same(left[k], right[k]))
  );
}

/**
 * A source as the law's reader identifies it: its address and, where the export gives them, the
 * article, Official Journal date and numac. A retitled source is not a change of the law.
 */
const citation = (s: SnapshotSource) => [s.href, s.article, s.officialJournalDate, s.numac];

/** Whether the first source is the legal text (official, its figure read elsewhere, or pending). */
const primaryStatus = (row: SnapshotRow) =>
  row.primarySource === undefined
    ? undefined
    : `${row.primarySource.status}${"figure" in row.primarySource ? `/${row.primarySource.figure}` : ""}`;

/**
 * What differs between two versions of a row. A field an older export does not have (confidence,
 * primary source, an indexed amount's declaration) is unknown there, not changed; `citations`
 * false compares sources by address only (an export that cites no article, date or numac).
 */
export function rowAspects(a: SnapshotRow, b: SnapshotRow, citations = true): RowAspect[] {
  const aspects: RowAspect[] = [];
  if (
    !same(a.value, b.value) ||
    (a.indexed !== undefined && b.indexed !== undefined && !same(a.indexed, b.indexed))
  )
    aspects.push("value");
  if (a.until !== b.until) aspects.push("period");
  const cited = (s: SnapshotSource) => (citations ? citation(s) : s.href);
  if (
    !same(a.sources.map(cited), b.sources.map(cited)) ||
    (a.primarySource !== undefined && b.primarySource !== undefined && primaryStatus(a) !== primaryStatus(b))
  )
    aspects.push("source");
  if (a.confidence !== undefined && b.confidence !== undefined && a.confidence !== b.confidence)
    aspects.push("confidence");
  if (a.provisional !== b.provisional) aspects.push("provisional");
  return aspects;
}

const rowRecord = (row: SnapshotRow): RowRecord => ({
  value: row.value,
  until: row.until,
  provisional: row.provisional,
  sources: row.sources.map((s) => s.href),
  ...(row.confidence === undefined ? {} : { confidence: row.confidence }),
});

/** Whether an export cites articles, Official Journal dates or numacs (those before 2026.11.1 do not). */
const citesArticles = (snapshot: RulesSnapshot) =>
  snapshot.tables.some((t) =>
    t.rows.some((r) =>
      r.sources.some(
        (s) => s.article !== undefined || s.officialJournalDate !== undefined || s.numac !== undefined,
      ),
    ),
  );

/**
 * Every row added, removed or changed from `before` to `after` (tables that appear or vanish too).
 * A row is changed when its value, period, sources, confidence or provisional mark differ, not when
 * only its layout in the file does.
 */
export function diffRules(before: RulesSnapshot, after: RulesSnapshot): RulesDiff {
  const changes: RuleChange[] = [];
  const citations = citesArticles(before) && citesArticles(after);
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
          new: rowRecord(row),
          sources: row.sources,
          calculators,
        });
      else {
        const changed = rowAspects(previous, row, citations);
        if (changed.length === 0) continue;
        changes.push({
          change: "changed",
          table: id,
          from,
          until: row.until,
          changed,
          old: rowRecord(previous),
          new: rowRecord(row),
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
          old: rowRecord(row),
          sources: row.sources,
          calculators,
        });
    }
  }
  // A row whose confidence alone changed gives every result the same value, sources and flags:
  // no calculator needs to be run again for it.
  const touched = new Set(
    changes
      .filter((c) => !(c.changed?.length === 1 && c.changed[0] === "confidence"))
      .flatMap((c) => c.calculators),
  );
  return {
    oldVersion: before.rulesVersion,
    newVersion: after.rulesVersion,
    changes,
    updatedCalculations: CALCULATORS.filter((c) => touched.has(c)),
  };
}

/** How a changed aspect reads: "value 1370 → 1400", "source a → b". */
function aspectText(aspect: RowAspect, old: RowRecord, now: RowRecord): string {
  const show = (v: unknown) => JSON.stringify(v);
  switch (aspect) {
    case "value":
      return same(old.value, now.value)
        ? "value: indexed declaration changed"
        : `value ${show(old.value)} → ${show(now.value)}`;
    case "period":
      return `until ${old.until ?? "(open)"} → ${now.until ?? "(open)"}`;
    case "source":
      return same(old.sources, now.sources)
        ? "source: article, date or primary-source status changed"
        : `source ${old.sources.join(" ")} → ${now.sources.join(" ")}`;
    case "confidence":
      return `confidence ${old.confidence} → ${now.confidence}`;
    case "provisional":
      return `provisional ${old.provisional} → ${now.provisional}`;
  }
}

/** The readable form of a diff: one line per change saying what changed, then the calculators to notify. */
export function formatRulesDiff(diff: RulesDiff): string {
  const show = (v: RowRecord | undefined) => JSON.stringify(v?.value);
  const lines = [`rules ${diff.oldVersion} → ${diff.newVersion}: ${diff.changes.length} row(s) differ`];
  for (const c of diff.changes) {
    const period = `${c.from}…${c.until ?? ""}`;
    const what =
      c.change === "changed" && c.old && c.new
        ? (c.changed ?? [])
            .map((aspect) => aspectText(aspect, c.old as RowRecord, c.new as RowRecord))
            .join("; ")
        : c.change === "added"
          ? `+ ${show(c.new)}`
          : `- ${show(c.old)}`;
    const aspects = c.changed ? ` (${c.changed.join(", ")})` : "";
    lines.push(
      `  ${c.change.padEnd(7)} ${c.table} ${period}${aspects}: ${what}  [${c.calculators.join(", ")}]  ${c.sources[0]?.href ?? ""}`,
    );
  }
  lines.push(
    diff.updatedCalculations.length > 0
      ? `updatedCalculations: ${diff.updatedCalculations.join(",")}  (cartax notify --calculations ${diff.updatedCalculations.join(",")})`
      : "updatedCalculations: none",
  );
  return lines.join("\n");
}
