import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculate } from "../calculate";
import { calculationInputArb } from "../testing/arbitraries";
import { parameterTable } from "./parameter-table";
import { RULE_TABLES } from "./registry";
import { sourceOf } from "./source";
import { SOURCE_CATALOGUE } from "./source-catalogue";

describe("RULE_TABLES", () => {
  it("lists every parameter table the rule modules declare, once", () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const declared: string[] = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
          for (const m of fs.readFileSync(full, "utf8").matchAll(/id: "([^"]+)"/g)) {
            if (/= parameterTable/.test(fs.readFileSync(full, "utf8"))) declared.push(m[1] ?? "");
          }
        }
      }
    };
    walk(dir);
    const registered = RULE_TABLES.map((r) => r.table.id);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual([...new Set(declared)].sort());
  });
});

describe("sources", () => {
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

  it("every table says when it was last checked, and every row cites structured, catalogued sources", () => {
    for (const { table } of RULE_TABLES) {
      expect(isDate(table.lastChecked), `${table.id} lastChecked`).toBe(true);
      for (const row of table.rows) {
        expect(row.sources.length, `${table.id} ${row.from}`).toBeGreaterThan(0);
        for (const source of row.sources) {
          expect(sourceOf(source.href), `${table.id} ${row.from}`).toEqual(source);
          expect(source.title.length, source.href).toBeGreaterThan(10);
        }
      }
    }
  });

  it("catalogue entries are titled https addresses, listed once, with valid Official Journal dates", () => {
    const hrefs = SOURCE_CATALOGUE.map((s) => s.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    for (const source of SOURCE_CATALOGUE) {
      expect(source.href, source.title).toMatch(/^https:\/\/[^\s]+$/);
      expect(source.title.trim(), source.href).toBe(source.title);
      if (source.officialJournalDate !== undefined) expect(isDate(source.officialJournalDate)).toBe(true);
    }
  });

  it("every source an explanation names is a catalogue entry (statutory constants included)", () => {
    const catalogued = new Map(SOURCE_CATALOGUE.map((entry) => [entry.href, entry]));
    fc.assert(
      fc.property(calculationInputArb, (input) => {
        const outcome = calculate(input);
        if (!outcome.ok) return;
        for (const result of outcome.results)
          for (const parameter of result.explanation.parameters)
            expect(parameter.source, parameter.name).toEqual(catalogued.get(parameter.source.href));
      }),
      { numRuns: 300 },
    );
  });

  it("an address missing from the catalogue is refused when a table loads", () => {
    expect(() =>
      parameterTable({
        id: "test.unknownSource",
        description: "a table citing an unknown page",
        unit: "EUR",
        lastChecked: "2026-11-24",
        rows: [
          { from: "2026-01-01", until: null, value: 1, sources: ["https://example.com/not-catalogued"] },
        ],
      }),
    ).toThrow(/not in the source catalogue/);
    expect(() =>
      parameterTable({
        id: "test.noSource",
        description: "a table citing nothing",
        unit: "EUR",
        lastChecked: "2026-11-24",
        rows: [{ from: "2026-01-01", until: null, value: 1, sources: [] }],
      }),
    ).toThrow(/cites no source/);
  });
});
