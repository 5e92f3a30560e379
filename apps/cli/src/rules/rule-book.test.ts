import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bookDrift, generateBook, writeBook } from "./rule-book-files";
import { runRulesCommand } from "./rules-command";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

describe("cartax rules book", () => {
  const book = generateBook(root);

  it("writes an index and one page per tax and region, each with the law, formula, parameters and vectors", () => {
    expect([...book.keys()].sort()).toEqual([
      "README.md",
      "brussels/annual-road-tax.md",
      "brussels/registration-tax.md",
      "federal/benefit-in-kind.md",
      "federal/co2-contribution.md",
      "federal/deduction.md",
      "federal/rejected-expenses.md",
      "flanders/annual-road-tax.md",
      "flanders/registration-tax.md",
      "wallonia/annual-road-tax.md",
      "wallonia/registration-tax.md",
    ]);
    const flemish = book.get("flanders/registration-tax.md") ?? "";
    for (const heading of ["## What the law says", "## Formula", "## Parameters", "## Test vectors"])
      expect(flemish).toContain(heading);
    expect(flemish).toContain('<a id="q"></a>');
    expect(flemish).toContain("| 2025-01-01 | 2025-12-31 | 1.21 |");
    expect(flemish).toMatch(
      /\[test-vectors\/registration-tax\/flanders-2025\.json\]\(\.\.\/\.\.\/\.\.\/test-vectors\/registration-tax\/flanders-2025\.json\)/,
    );
    expect(book.get("README.md")).toContain("[Registration tax — Flanders](flanders/registration-tax.md)");
  });

  it("is deterministic: two runs give the same bytes", () => {
    expect([...generateBook(root)]).toEqual([...book]);
  });

  it("writes into a repository, then finds no drift; an edited or stray page is drift", () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-book-"));
    try {
      fs.writeFileSync(path.join(copy, "pnpm-workspace.yaml"), "");
      fs.symlinkSync(path.join(root, "test-vectors"), path.join(copy, "test-vectors"));
      const out: string[] = [];
      const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t), cwd: copy };
      expect(runRulesCommand(["book"], io)).toBe(0);
      expect(out.join("")).toContain("wrote 11 files into docs/rules/");
      expect(runRulesCommand(["book", "--check"], io)).toBe(0);
      fs.appendFileSync(path.join(copy, "docs/rules/federal/deduction.md"), "edited\n");
      fs.writeFileSync(path.join(copy, "docs/rules/federal/old-page.md"), "stray\n");
      expect(bookDrift(copy)).toEqual(["federal/deduction.md", "federal/old-page.md"]);
      out.length = 0;
      expect(runRulesCommand(["book", "--check"], io)).toBe(1);
      expect(out.join("")).toContain("run `pnpm cartax rules book`");
      writeBook(copy);
      expect(bookDrift(copy)).toEqual([]);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  // The drift check of CI: the committed book is what the command generates from today's data.
  it("docs/rules/ is up to date with the parameters and test vectors", () => {
    const drift = bookDrift(root, book);
    expect(
      drift,
      `docs/rules/ is out of date in ${drift.join(", ")}: run \`pnpm cartax rules book\` and commit docs/rules/`,
    ).toEqual([]);
  });
});
