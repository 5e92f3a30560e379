import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { citationsIn, comments, headingsOf, namesHeading, sourceFiles } from "./citations";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

describe("citations of the manuals in source comments", () => {
  // tests/architecture is left out: the check's own comments show citations by example.
  const files = sourceFiles(root, ["apps", "packages", "tests", "bench", "scripts"]).filter(
    (file) => !file.startsWith("tests/architecture/"),
  );
  const citations = files.flatMap((file) =>
    comments(fs.readFileSync(path.join(root, file), "utf8")).flatMap((comment) =>
      citationsIn(`${file}:${comment.line}`, comment.text),
    ),
  );

  it("name sections that exist: a reader who follows one finds the text", () => {
    // Dozens: the check read the comments, not an empty tree.
    expect(citations.length).toBeGreaterThan(30);
    const headings = new Map<string, ReturnType<typeof headingsOf>>();
    const stale = citations.filter((citation) => {
      const file = path.join(root, citation.document);
      if (!fs.existsSync(file)) return true;
      if (!headings.has(citation.document))
        headings.set(citation.document, headingsOf(fs.readFileSync(file, "utf8")));
      return !namesHeading(citation.section, headings.get(citation.document) ?? { names: [], numbers: [] });
    });
    expect(stale.map((c) => `${c.where}: ${c.document}, ${c.section}`)).toEqual([]);
  });
});

describe("the citation check", () => {
  const headings = headingsOf(
    [
      "# Title",
      "## 2. Enumerations",
      "### Catalog prices and VAT",
      "## 6. Events: webhooks",
      "```",
      "## Not a heading",
      "```",
    ].join("\n"),
  );

  it("finds the citations of comments, not of strings", () => {
    const text = [
      '// Prices (README, "Catalog prices and VAT") and (README, Events: webhooks) and',
      "/**",
      " * the events (docs/contract.md, Events › Signature); see docs/contract.md section 2.",
      " */",
      'const readme = fs.readFileSync(README, "utf8");',
    ].join("\n");
    const found = comments(text).flatMap((c) => citationsIn(`f.ts:${c.line}`, c.text));
    expect(found).toEqual([
      { where: "f.ts:1", document: "README.md", section: "Catalog prices and VAT" },
      { where: "f.ts:1", document: "README.md", section: "Events" },
      { where: "f.ts:2", document: "docs/contract.md", section: "Events › Signature" },
      { where: "f.ts:2", document: "docs/contract.md", section: "2" },
    ]);
  });

  it("accepts a heading, its short name or a numbered section, and nothing else", () => {
    expect(namesHeading("Catalog prices and VAT", headings)).toBe(true);
    expect(namesHeading("Events", headings)).toBe(true);
    expect(namesHeading("Enumerations: the number or the name", headings)).toBe(true);
    expect(namesHeading("2", headings)).toBe(true);
    expect(namesHeading("The HTTP service", headings)).toBe(false);
    expect(namesHeading("Not a heading", headings)).toBe(false);
    expect(namesHeading("Event", headings)).toBe(false);
    expect(namesHeading("7", headings)).toBe(false);
  });
});
