import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CALCULATORS, type Calculator } from "../core/enums";
import { calculate, lineYears, runLine } from "../operations/calculate";
import { calculationInputArb } from "../testing/arbitraries";
import { loadParameter } from "./parameter-file";
import { observeLookups } from "./parameter-table";
import { RULE_TABLES } from "./registry";
import { SOURCE_CATALOGUE, sourceOf } from "./source";

describe("RULE_TABLES", () => {
  it("lists every parameter file under parameters/, once, by its path", () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../parameters");
    const files: string[] = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        // sources.json is the catalogue of the sources the parameter files cite, not a parameter.
        else if (entry.name.endsWith(".json") && full !== path.join(root, "sources.json"))
          files.push(
            path
              .relative(root, full)
              .split(path.sep)
              .join(".")
              .replace(/\.json$/, ""),
          );
      }
    };
    walk(root);
    const registered = RULE_TABLES.map((r) => r.table.id);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual(files.sort());
  });

  it("every parameter a calculator reads names that calculator (so a change of it notifies the right ones)", () => {
    const missing = new Set<string>();
    const read = new Set<string>();
    let current: Calculator = "RoadTax";
    observeLookups((table) => {
      read.add(table.id);
      if (!table.calculators.includes(current)) missing.add(`${table.id} is read by ${current}`);
    });
    try {
      fc.assert(
        fc.property(calculationInputArb, (input) => {
          for (const calculator of CALCULATORS) {
            current = calculator;
            for (const year of lineYears(calculator, input.options.registrationDate))
              runLine(input, calculator, year);
          }
        }),
        { numRuns: 400 },
      );
    } finally {
      observeLookups();
    }
    expect([...missing]).toEqual([]);
    expect(read.size).toBeGreaterThan(0);
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
        // The file cites each catalogued source under its catalogue title (and Official Journal date).
        expect(row.citations.map((c) => c.href)).toEqual(row.sources.map((s) => s.href));
        row.citations.forEach((citation, i) => {
          const entry = row.sources[i];
          expect(citation.title, `${table.id} ${row.from} ${citation.href}`).toBe(entry?.title);
          if (entry?.officialJournalDate !== undefined || citation.officialJournalDate !== undefined)
            expect(citation.officialJournalDate, citation.href).toBe(entry?.officialJournalDate);
        });
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

  it("a file citing an address missing from the catalogue, or nothing, or overlapping periods, is refused when it loads", () => {
    const row = {
      from: "2026-01-01",
      until: null,
      value: 1,
      sources: [{ href: "https://example.com/not-catalogued", title: "a page nobody catalogued" }],
      primarySource: { status: "official" },
      confidence: "high",
      provisional: false,
    };
    const file = (rows: unknown[]) => ({
      description: "a test parameter",
      unit: "EUR",
      lastChecked: "2026-11-24",
      calculators: ["RoadTax"],
      rows,
    });
    expect(() => loadParameter("test.unknownSource", file([row]))).toThrow(/not in the source catalogue/);
    expect(() => loadParameter("test.noSource", file([{ ...row, sources: [] }]))).toThrow(/cites no source/);
    const catalogued = { ...row, sources: [{ ...SOURCE_CATALOGUE[0] }] };
    expect(() =>
      loadParameter(
        "test.overlap",
        file([
          { ...catalogued, until: "2026-12-31" },
          { ...catalogued, from: "2026-06-01" },
        ]),
      ),
    ).toThrow(/overlaps/);
    expect(loadParameter("test.fine", file([catalogued])).rows[0]?.sources[0]).toBe(
      sourceOf(SOURCE_CATALOGUE[0]?.href ?? ""),
    );
  });
});
