import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../src/core/enums";
import { CALCULATOR_NAMES } from "../src/explanation/texts/calculator-names";
import { FACT_LABELS } from "../src/explanation/texts/fact-labels";
import { NOTE_TEXTS } from "../src/explanation/texts/note-texts";
import { LEGAL_TEXTS } from "../src/law/legal-texts";

/**
 * Numbers of law live in parameter files (packages/engine/parameters/), never in the code: this
 * scans the calculators and the rule modules for numeric literals and yyyy-MM-dd dates. Allowed:
 * numbers that are arithmetic, not law (0, 1, 2 and 100 for percentages, 12 months, the cent's
 * 2 decimals); anything else fails with its file and line.
 */
const ALLOWED = new Set(["0", "1", "2", "100", "12"]);
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
// The calculators and typed views of each tax, and the law layer (the test helpers are in src/testing).
const SCANNED = ["taxes", "law"];
// The machinery, not the law: legal-text addresses (numac ids), the source catalogue, the file
// schema's length limits and the look-up memo's size.
const NOT_LAW = new Set(["law/legal-texts.ts", "law/parameter-file.schema.ts", "law/parameter-table.ts"]);

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

/**
 * Numbers written inside the strings of a file (a formula such as "× 17 %"): `file:line text`.
 * Identifiers and parameter ids ("co2AtLeast200", "flanders.biv.x") and the name CO2 are not
 * numbers; lines marked `// not law:` are skipped.
 */
export function numbersInStrings(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const parent = node.parent as ts.Node | undefined;
    const moduleName =
      parent !== undefined && (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent));
    if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && !moduleName) {
      const words = node.text.replace(/co2/gi, "");
      if (/\d/.test(words) && !/^[A-Za-z][\w.]*$/.test(node.text) && !machinery(node, text)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push(`${path.relative(src, file)}:${line} ${node.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The numbers a sentence of the descriptions writes that are not dates or names: what is left
 * after its placeholders, CO2, Euro 6e-bis, dates (6 October 2025, 1er juillet, 18/12/2025) and
 * years. A rate, factor or threshold there would not follow its parameter.
 */
const DAY_MONTH_YEAR = /\b\d{1,2}(er)? [A-Za-zéû]+( \d{4})?\b/g;
const MONTH =
  / (january|february|march|april|may|june|july|august|september|october|november|december|januari|februari|maart|mei|juni|juli|augustus|oktober|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)\b/i;

export function numbersInSentence(sentence: string): string[] {
  const rest = sentence
    .replace(/\{\w+\}/g, "")
    .replace(/CO2/g, "")
    .replace(/Euro 6e-bis/g, "")
    .replace(/\b\d{1,2}\/\d{1,2}\/\d{4}\b/g, "")
    .replace(DAY_MONTH_YEAR, (match) => (MONTH.test(match) ? "" : match))
    .replace(/\b(19|20)\d{2}\b/g, "");
  return rest.match(/\d+([.,]\d+)?/g) ?? [];
}

/**
 * Sentences that still write a figure of law, each with why: the engine reads no parameter for it.
 * (The fuel of a plug-in hybrid ordered from 2023 is only named, never computed: issue 30.)
 */
const SENTENCES_WITHOUT_PARAMETER = new Set(["pluginHybridFuelCapped"]);

describe("explanations write no figure of law", () => {
  it("no calculator or rule module writes a rate or factor into a string (formulas take them from parameters)", () => {
    const found = SCANNED.flatMap((folder) => sourceFiles(path.join(src, folder)))
      .filter((file) => !NOT_LAW.has(path.relative(src, file).split(path.sep).join("/")))
      .flatMap(numbersInStrings);
    expect(found).toEqual([]);
  });

  it("the string scan finds a rate written into a formula, not the name of a note", () => {
    const file = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "formulas-")), "x.ts");
    fs.writeFileSync(
      file,
      // The third line is a template whose placeholder holds the rate: no number is written.
      [
        'b.setFormula("benefit in kind × 17 %");',
        'b.note("co2AtLeast200");',
        "b.setFormula(`× $" + "{rate} % of CO2`);",
      ].join("\n"),
    );
    expect(numbersInStrings(file).map((f) => f.split(" ").slice(1).join(" "))).toEqual([
      "benefit in kind × 17 %",
    ]);
  });

  it("no sentence, label or name of the descriptions writes a rate, factor or threshold", () => {
    const found: string[] = [];
    for (const language of LANGUAGES) {
      for (const [code, sentence] of Object.entries(NOTE_TEXTS[language])) {
        if (SENTENCES_WITHOUT_PARAMETER.has(code)) continue;
        const numbers = numbersInSentence(sentence);
        if (numbers.length > 0) found.push(`${language} ${code}: ${numbers.join(", ")}`);
      }
      for (const text of [
        ...Object.values(FACT_LABELS[language]),
        ...Object.values(CALCULATOR_NAMES[language]),
      ]) {
        if (numbersInSentence(text).length > 0) found.push(`${language}: ${text}`);
      }
    }
    // The legal basis a line links: an article and its act, never a rate ("17 % or 40 %").
    for (const legal of Object.values(LEGAL_TEXTS)) {
      if (/%|×/.test(legal.title)) found.push(legal.title);
    }
    expect(found).toEqual([]);
  });

  it("the sentence scan keeps dates and names, and finds rates, factors and thresholds", () => {
    expect(numbersInSentence("Car ordered from 1 July 2023 (law of 18/12/2025), Euro 6e-bis, CO2.")).toEqual(
      [],
    );
    expect(numbersInSentence("Voiture commandée à partir du 1er juillet 2023 : {rate} %.")).toEqual([]);
    expect(numbersInSentence("A fuel card: 40 % instead of 17 %.")).toEqual(["40", "17"]);
    expect(numbersInSentence("own CO2 × 2,5 = {substituteCo2} g/km")).toEqual(["2,5"]);
    expect(numbersInSentence("CO2 of 200 g/km or more")).toEqual(["200"]);
  });
});

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
