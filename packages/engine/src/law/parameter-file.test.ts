import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadParameter } from "./parameter-file";
import { parameterFileSchema } from "./parameter-file.schema";
import { PARAMETER_FILES } from "./parameter-files";
import { SOURCE_CATALOGUE } from "./source";

const engine = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("parameter files", () => {
  it("every file matches the schema (description, unit, lastChecked, calculators, dated rows with sources, primary-source status and confidence)", () => {
    const ids = Object.keys(PARAMETER_FILES);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const result = parameterFileSchema.safeParse(PARAMETER_FILES[id]);
      expect(result.success ? "" : `${id}: ${result.error.message}`).toBe("");
    }
  });

  it("the generated index imports every file (scripts/parameter-index.mjs --check)", () => {
    expect(() =>
      execFileSync(process.execPath, [path.join(engine, "scripts/parameter-index.mjs"), "--check"], {
        stdio: "pipe",
      }),
    ).not.toThrow();
  });

  it("a row cites a source by its address: a title or Official Journal date written beside it (a second copy of the catalogue's) is refused", () => {
    const official = SOURCE_CATALOGUE.find((source) => source.officialJournalDate !== undefined);
    expect(official).toBeDefined();
    const file = (citation: object) => ({
      description: "a test parameter",
      unit: "EUR",
      lastChecked: "2026-11-29",
      calculators: ["RoadTax"],
      rows: [
        {
          from: "2026-01-01",
          until: null,
          value: 1,
          sources: [citation],
          primarySource: { status: "official" },
          confidence: "high",
          provisional: false,
        },
      ],
    });
    const href = official?.href ?? "";
    expect(parameterFileSchema.safeParse(file({ href, article: "art. 1" })).success).toBe(true);
    expect(parameterFileSchema.safeParse(file({ href, title: official?.title })).success).toBe(false);
    expect(
      parameterFileSchema.safeParse(file({ href, officialJournalDate: official?.officialJournalDate }))
        .success,
    ).toBe(false);
    // The loader completes the citation from the catalogue, in the order results show its keys.
    const row = loadParameter("test.cited", file({ href, article: "art. 1", numac: "2017000000" })).rows[0];
    expect(row?.citations).toEqual([
      {
        href,
        title: official?.title,
        article: "art. 1",
        officialJournalDate: official?.officialJournalDate,
        numac: "2017000000",
      },
    ]);
    expect(Object.keys(row?.citations[0] ?? {})).toEqual([
      "href",
      "title",
      "article",
      "officialJournalDate",
      "numac",
    ]);
  });
});
