import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

describe("references of vectors and notes", () => {
  it("never point outside the repository (every cited note is in docs/research)", () => {
    const checked = [...files(path.join(root, "test-vectors")), ...files(path.join(root, "docs"))];
    const outside = checked.filter((f) => fs.readFileSync(f, "utf8").includes("../shared"));
    expect(outside.map((f) => path.relative(root, f))).toEqual([]);
    for (const note of ["federal.md", "regional.md", "open-questions-resolved.md"]) {
      expect(fs.existsSync(path.join(root, "docs/research", note)), note).toBe(true);
    }
  });
});

describe("the repository stands alone", () => {
  const documents = [
    "README.md",
    "ARCHITECTURE.md",
    "CONTRIBUTING.md",
    "docs/contract.md",
    "docs/changelog.md",
    "docs/operations.md",
    "docs/analyst-tools.md",
    "bench/README.md",
    "tests/architecture/README.md",
    "tests/blackbox/README.md",
    "tests/blackbox-spec/README.md",
  ];

  it("cites the contract of docs/contract.md, never a document outside the repository", () => {
    for (const document of documents) {
      const text = fs.readFileSync(path.join(root, document), "utf8");
      expect(text, document).not.toMatch(/interface[ -]spec/i);
    }
  });

  it("has every relative link of its top-level documents pointing at a file that exists", () => {
    for (const document of documents) {
      const text = fs.readFileSync(path.join(root, document), "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (target === undefined || /^[a-z]+:/i.test(target)) continue;
        const resolved = path.resolve(path.dirname(path.join(root, document)), target);
        expect(fs.existsSync(resolved), `${document} → ${target}`).toBe(true);
      }
    }
  });
});

describe("the tables of contents of the README and the operator's manual", () => {
  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
  const anchor = (heading: string) =>
    heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_ -]/gu, "")
      .replaceAll(" ", "-");

  it.each(["README.md", "docs/operations.md"])(
    "of %s lists every section (## and ###) in order, each linking to its heading's anchor",
    (document) => {
      const readme = fs.readFileSync(path.join(root, document), "utf8");
      const contents = readme.slice(
        readme.indexOf("## Contents\n"),
        readme.indexOf("\n## ", readme.indexOf("## Contents\n") + 1),
      );
      const listed = [...contents.matchAll(/^( *)- \[(.+)\]\(#(.+)\)$/gm)].map(
        ([, indent, title, target]) => ({
          level: indent === "" ? 2 : 3,
          title,
          target,
        }),
      );
      const headings = [...readme.matchAll(/^(##|###) (.+)$/gm)]
        .filter(([, , title]) => title !== "Contents")
        .map(([, hashes, title]) => ({ level: hashes?.length, title, target: anchor(title ?? "") }));
      expect(listed).toEqual(headings);
    },
  );
});
