import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Numbers of law live in parameter files (packages/engine/parameters/), never in the code: this
 * scans the calculators and the rule modules for numeric literals and yyyy-MM-dd dates. Allowed:
 * numbers that are arithmetic, not law (0, 1, 2 and 100 for percentages, 12 months, the cent's
 * 2 decimals); anything else fails with its file and line.
 */
const ALLOWED = new Set(["0", "1", "2", "100", "12"]);
const src = path.dirname(fileURLToPath(import.meta.url));
const SCANNED = ["calculators", "rules"];
// The machinery, not the law: legal-text addresses (numac ids), the source catalogue, the file
// schema's length limits, the look-up memo's size, and test helpers.
const NOT_LAW = new Set([
  "rules/legal-texts.ts",
  "rules/source-catalogue.ts",
  "rules/parameter-file.schema.ts",
  "rules/parameter-table.ts",
  "calculators/regional/test-helpers.ts",
]);

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/**
 * Numbers that are the machinery, not the law: the decimals shown by `toNumber(x, n)`, and lines
 * marked `// not law:` with the reason (error margins of an estimate, powers of ten of exact
 * arithmetic).
 */
function machinery(node: ts.Node, text: string): boolean {
  const call = node.parent;
  if (ts.isCallExpression(call)) {
    const callee = call.expression.getText();
    if (callee === "toNumber" && call.arguments[1] === node) return true;
  }
  const lineEnd = text.indexOf("\n", node.getEnd());
  return /\/\/ not law:/.test(text.slice(node.getEnd(), lineEnd === -1 ? undefined : lineEnd));
}

/** The statutory-looking literals of a file: `file:line literal`. */
export function statutoryLiterals(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let literal: string | undefined;
    if (ts.isNumericLiteral(node) || ts.isBigIntLiteral(node)) {
      if (!ALLOWED.has(node.text.replace(/n$/, "")) && !machinery(node, text)) literal = node.text;
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      if (/\b\d{4}-\d{2}-\d{2}\b/.test(node.text)) literal = node.text;
    }
    if (literal !== undefined) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${path.relative(src, file)}:${line} ${literal}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("statutory literals", () => {
  it("no calculator or rule module holds a number or date of law (they are parameter files)", () => {
    const found = SCANNED.flatMap((folder) => sourceFiles(path.join(src, folder)))
      .filter((file) => !NOT_LAW.has(path.relative(src, file).split(path.sep).join("/")))
      .flatMap(statutoryLiterals);
    expect(found).toEqual([]);
  });

  it("the scan finds a rate written into a calculator", () => {
    const file = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "literals-")), "x.ts");
    fs.writeFileSync(file, 'const rate = 0.17;\nconst from = "2026-01-01";\nconst months = 12;\n');
    expect(statutoryLiterals(file).map((f) => f.split(" ")[1])).toEqual(["0.17", "2026-01-01"]);
  });
});
