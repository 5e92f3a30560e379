import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RULES_VERSION } from "@cartax/engine";
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "./rules-command";
import type { RulesSnapshot } from "./rules-snapshot";

// The committed export of the current rules version: a rule-table change without a new RULES_VERSION
// and a new snapshot fails here (CONTRIBUTING.md, "Adding next year's figures").
const fixture = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "fixtures",
  `rules-${RULES_VERSION}.json`,
);

function run(args: string[], cwd: string) {
  let stdout = "";
  let stderr = "";
  const code = runRulesCommand(args, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    cwd,
  });
  return { code, stdout, stderr };
}

describe("cartax rules", () => {
  it("exports every table with its rows, sources and calculators; identical to the committed snapshot of this rules version", () => {
    const out = run(["export"], process.cwd());
    expect(out.code).toBe(0);
    const exported = JSON.parse(out.stdout) as RulesSnapshot;
    const snapshot = JSON.parse(fs.readFileSync(fixture, "utf8")) as RulesSnapshot;
    expect(exported.rulesVersion).toBe(snapshot.rulesVersion);
    expect(exported).toEqual(snapshot);
    for (const table of exported.tables) {
      expect(table.calculators.length, table.id).toBeGreaterThan(0);
      for (const row of table.rows) expect(row.sources.length, `${table.id} ${row.from}`).toBeGreaterThan(0);
    }
  });

  it("reads exports of earlier rules versions, whose sources were plain strings (2026.11.0 → now: the split of flanders.index and the road-tax rows of 2026.11.5 differ)", () => {
    const legacy = path.join(path.dirname(fixture), "rules-2026.11.0.json");
    const raw = JSON.parse(fs.readFileSync(legacy, "utf8")) as {
      tables: { rows: { sources: unknown[] }[] }[];
    };
    expect(typeof raw.tables[0]?.rows[0]?.sources[0]).toBe("string");
    const out = run(["diff", legacy, fixture, "--json"], process.cwd());
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const diff = JSON.parse(out.stdout) as {
      changes: {
        change: string;
        table: string;
        from: string;
        changed?: string[];
        old?: { value: { k: number } };
        new?: { value: unknown };
      }[];
    };
    // Since 2026.11.3 flanders.index holds K alone and the bounds it indexes are parameters of their
    // own (computed from K); since 2026.11.4 most rows cite the legal text first (a change of their
    // sources, not of their values). No other value of the earlier tables differs.
    const earlier = new Set((raw.tables as unknown as { id: string }[]).map((t) => t.id));
    const changed = diff.changes.filter((c) => earlier.has(c.table));
    expect(changed.filter((c) => c.table === "flanders.index").length).toBeGreaterThan(0);
    // 2026.11.5 also derived the Flemish road-tax scale (VCF art. 2.2.4.0.3) and marked the Walloon
    // 2025-26 row provisional (issue #18): the only other earlier rows whose values differ.
    const recomputed = ["flanders.roadTax.scale", "wallonia.roadTax.scale"];
    for (const c of changed) {
      expect(c.change, `${c.table} ${c.from}`).toBe("changed");
      if (c.table === "flanders.index") expect(c.new?.value).toBe(c.old?.value.k);
      else if (!recomputed.includes(c.table)) {
        // Their sources, primary sources or provisional marks changed: the diff says which, not "value".
        expect(c.new?.value, `${c.table} ${c.from}`).toEqual(c.old?.value);
        expect(c.changed, `${c.table} ${c.from}`).not.toContain("value");
        expect(c.changed?.length, `${c.table} ${c.from}`).toBeGreaterThan(0);
      }
    }
    expect(diff.changes.filter((c) => !earlier.has(c.table)).every((c) => c.change === "added")).toBe(true);
  });

  it("exports structured sources and each table's last-checked date", () => {
    const exported = JSON.parse(run(["export"], process.cwd()).stdout) as RulesSnapshot;
    for (const table of exported.tables) {
      expect(table.lastChecked, table.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const row of table.rows)
        for (const source of row.sources) {
          expect(source.href).toMatch(/^https:\/\//);
          expect(source.title.length).toBeGreaterThan(10);
        }
    }
  });

  it("exports each row's primary-source status and confidence, and counts the rows whose primary source is pending", () => {
    const exported = JSON.parse(run(["export"], process.cwd()).stdout) as RulesSnapshot;
    const rows = exported.tables.flatMap((t) => t.rows);
    for (const row of rows) {
      expect(["official", "pending"]).toContain(row.primarySource?.status);
      expect(["high", "medium", "low"]).toContain(row.confidence);
    }
    const pending = rows.filter((r) => r.primarySource?.status === "pending");
    const settled = rows.filter((r) => !r.provisional);
    const officialSettled = settled.filter((r) => r.primarySource?.status === "official");
    expect(exported.summary).toEqual({
      parameters: exported.tables.length,
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
      figureFromSecondaryRows: rows.filter((r) => r.primarySource && "figure" in r.primarySource).length,
    });
  });

  // Issue 18: on the rows that are not provisional, the first source is the legal text for at least
  // 90 % and names its article or Official Journal date for at least 90 % (evidence per row:
  // docs/research/primary-sources.md). An official first source is on an official host, and a row
  // whose figure was read elsewhere says where.
  it("cites the legal text first, with its article or Official Journal date, on at least 90 % of the settled rows", () => {
    const exported = JSON.parse(run(["export"], process.cwd()).stdout) as RulesSnapshot;
    const summary = exported.summary;
    if (!summary?.nonProvisionalRows) throw new Error("summary missing");
    expect(summary.officialPrimarySourceNonProvisionalRows ?? 0).toBeGreaterThanOrEqual(
      0.9 * summary.nonProvisionalRows,
    );
    expect(summary.articleOrDateNonProvisionalRows ?? 0).toBeGreaterThanOrEqual(
      0.9 * summary.nonProvisionalRows,
    );
    const officialHost =
      /^https:\/\/(www\.ejustice\.just\.fgov\.be|etaamb\.openjustice\.be|codex\.vlaanderen\.be|wallex\.wallonie\.be|www\.socialsecurity\.be|financien\.belgium\.be|finances\.belgium\.be|www\.belastingen\.vlaanderen\.be|statbel\.fgov\.be|admin\.be\.brussels|vlex\.be)\//;
    for (const table of exported.tables)
      for (const row of table.rows) {
        if (row.primarySource?.status !== "official") continue;
        expect(row.sources[0]?.href, `${table.id} ${row.from}`).toMatch(officialHost);
        if ("figure" in row.primarySource) expect(row.primarySource.reason.length).toBeGreaterThan(20);
      }
  });

  it("diffs two real snapshots: the rows that differ and the calculators to notify", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-rules-"));
    const snapshot = JSON.parse(fs.readFileSync(fixture, "utf8")) as RulesSnapshot;
    // An earlier state of the tables: the 2026 BIK minimum not yet published, and the last
    // health index row at another value.
    const minimum = snapshot.tables.find((t) => t.id === "bik.minimum");
    const health = snapshot.tables.find((t) => t.id.includes("health"));
    const lastMinimum = minimum?.rows.at(-1);
    const lastHealth = health?.rows.at(-1);
    if (!minimum || !health || !lastMinimum || !lastHealth) throw new Error("fixture tables missing");
    const earlier: RulesSnapshot = {
      rulesVersion: "2026.10.0",
      tables: snapshot.tables.map((t) =>
        t === minimum
          ? { ...t, rows: t.rows.slice(0, -1) }
          : t === health
            ? { ...t, rows: [...t.rows.slice(0, -1), { ...lastHealth, value: 100 }] }
            : t,
      ),
    };
    fs.writeFileSync(path.join(dir, "old.json"), JSON.stringify(earlier));
    fs.copyFileSync(fixture, path.join(dir, "new.json"));
    const out = run(["diff", "old.json", "new.json", "--json"], dir);
    expect(out.code).toBe(0);
    const diff = JSON.parse(out.stdout);
    expect(diff.oldVersion).toBe("2026.10.0");
    expect(diff.changes).toEqual([
      expect.objectContaining({
        change: "added",
        table: "bik.minimum",
        from: lastMinimum.from,
        new: expect.objectContaining({ value: lastMinimum.value }),
        calculators: ["BenefitInKind", "RejectedExpenses"],
      }),
      expect.objectContaining({
        change: "changed",
        table: health.id,
        from: lastHealth.from,
        old: expect.objectContaining({ value: 100 }),
        new: expect.objectContaining({ value: lastHealth.value }),
        calculators: ["CO2Contribution"],
      }),
    ]);
    expect(diff.updatedCalculations).toEqual(["BenefitInKind", "RejectedExpenses", "CO2Contribution"]);
    const readable = run(["diff", "old.json", "new.json"], dir);
    expect(readable.stdout).toContain(
      "cartax notify --calculations BenefitInKind,RejectedExpenses,CO2Contribution",
    );
    expect(run(["diff", "old.json"], dir).code).toBe(2);
    expect(run(["diff", "old.json", "missing.json"], dir).code).toBe(1);
    expect(run(["export", "--jsn"], dir).code).toBe(2);
  });
});

describe("cartax rules diff lists only real changes and says what changed (issue 30)", () => {
  const current = JSON.parse(fs.readFileSync(fixture, "utf8")) as RulesSnapshot;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-rules-diff-"));
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    return name;
  };
  /** Every object's keys in reverse order (what another writer of the same JSON may do). */
  const reversed = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(reversed)
      : typeof value === "object" && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([k, v]) => [k, reversed(v)]),
          )
        : value;
  const today = write("today.json", JSON.stringify(current, null, 2));

  it("two exports of today's rules that differ only in layout (key order, indentation, 1.10 for 1.1) differ in nothing", () => {
    const text = JSON.stringify(reversed(current), null, 4).replace(/": 1\.1(,?)$/gm, '": 1.10$1');
    expect(text).toContain('": 1.10');
    const other = write("reformatted.json", text);
    const out = run(["diff", today, other, "--json"], dir);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout).changes).toEqual([]);
    expect(run(["diff", today, other], dir).stdout).toContain("0 row(s) differ");
  });

  it("lists exactly the rows that changed, each with what changed: value, period, source, confidence", () => {
    const tables = structuredClone(current.tables) as unknown as {
      id: string;
      rows: {
        from: string;
        until: string | null;
        value: unknown;
        sources: { title: string; href: string }[];
        confidence?: string;
      }[];
    }[];
    const row = (id: string, index = 0) => {
      const found = tables.find((t) => t.id === id)?.rows[index];
      if (!found) throw new Error(`no row ${index} of ${id}`);
      return found;
    };
    const source = row("bik.privateShare");
    const oldHref = source.sources[0]?.href;
    (source.sources[0] as { href: string }).href =
      "https://www.ejustice.just.fgov.be/eli/wet/1992/04/10/1992041050/justel#Art.36";
    const valued = row("rejectedExpenses.rates");
    valued.value = { standard: 19, withFuelCard: 40 };
    const period = row("bik.minimum");
    period.until = "2021-06-30";
    const confidence = row("bik.catalogueVatFactor");
    confidence.confidence = confidence.confidence === "high" ? "medium" : "high";
    // A retitled source and a value written with its keys in another order are not changes.
    (row("bik.referenceCo2").sources[0] as { title: string }).title = "Another title of the same text";
    const reference = row("bik.referenceCo2", 1);
    reference.value = reversed(reference.value);
    const changedFile = write("changed.json", JSON.stringify({ ...current, rulesVersion: "next", tables }));

    const out = run(["diff", today, changedFile, "--json"], dir);
    expect(out.code).toBe(0);
    const diff = JSON.parse(out.stdout) as {
      changes: {
        change: string;
        table: string;
        from: string;
        changed: string[];
        old: { sources: string[] };
        new: { sources: string[] };
      }[];
      updatedCalculations: string[];
    };
    expect(diff.changes.map((c) => [c.table, c.from, c.change, c.changed])).toEqual([
      ["bik.catalogueVatFactor", confidence.from, "changed", ["confidence"]],
      ["bik.minimum", period.from, "changed", ["period"]],
      ["bik.privateShare", source.from, "changed", ["source"]],
      ["rejectedExpenses.rates", valued.from, "changed", ["value"]],
    ]);
    const sourceChange = diff.changes.find((c) => c.table === "bik.privateShare");
    expect(sourceChange?.old.sources[0]).toBe(oldHref);
    expect(sourceChange?.new.sources[0]).toBe(source.sources[0]?.href);
    expect(diff.updatedCalculations).toEqual(["BenefitInKind", "RejectedExpenses"]);
    // A change of confidence alone changes no result: it is listed, and names no calculator to notify.
    const onlyConfidence = write(
      "confidence.json",
      JSON.stringify({
        ...current,
        tables: current.tables.map((t) =>
          t.id === "co2Contribution.formula"
            ? {
                ...t,
                rows: t.rows.map((r) => ({ ...r, confidence: r.confidence === "high" ? "low" : "high" })),
              }
            : t,
        ),
      }),
    );
    const confidenceDiff = JSON.parse(run(["diff", today, onlyConfidence, "--json"], dir).stdout);
    expect(confidenceDiff.changes).toHaveLength(1);
    expect(confidenceDiff.changes[0].changed).toEqual(["confidence"]);
    expect(confidenceDiff.updatedCalculations).toEqual([]);

    const readable = run(["diff", today, changedFile], dir).stdout;
    expect(readable).toContain("4 row(s) differ");
    expect(readable).toMatch(
      /changed bik\.privateShare 2021-01-01….* \(source\): source https:\/\/.* → https:\/\/www\.ejustice/,
    );
    expect(readable).toMatch(
      /changed rejectedExpenses\.rates .* \(value\): value \{"standard":17,"withFuelCard":40\} → \{"standard":19,"withFuelCard":40\}/,
    );
    expect(readable).toMatch(/changed bik\.minimum .* \(period\): until \S+ → 2021-06-30/);
    expect(readable).toMatch(/changed bik\.catalogueVatFactor .* \(confidence\): confidence \w+ → \w+/);
  });
});
