import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The longest a function of the service may be, in lines (issue 39): longer, it does several things. */
const MAX_FUNCTION_LINES = 80;

/** The service's source files, tests excluded (a test's `describe` holds many cases by design). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each function (declaration, expression, arrow, method) longer than `max` lines: `file:line name (n lines)`. */
function longFunctions(fileName: string, text: string, max = MAX_FUNCTION_LINES): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      const name = node.name?.getText(source) ?? "(anonymous)";
      if (lines > max) found.push(`${fileName}:${start + 1} ${name} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("functions of apps/api/src", () => {
  it(`are at most ${MAX_FUNCTION_LINES} lines long`, () => {
    const files = sourceFiles(path.join(root, "apps/api/src"));
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((file) =>
      longFunctions(path.relative(root, file), fs.readFileSync(file, "utf8")),
    );
    expect(long).toEqual([]);
  });

  it("finds a long function, and only that one", () => {
    const body = Array.from({ length: 85 }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const text = `export function long() {\n${body}\n}\nexport const short = () => 1;\n`;
    expect(longFunctions("sample.ts", text)).toEqual(["sample.ts:1 long (87 lines)"]);
  });
});
