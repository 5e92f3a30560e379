import fs from "node:fs";
import path from "node:path";

/** A citation of a manual's section in a source comment. */
export interface Citation {
  /** `file:line` of the comment that holds it. */
  readonly where: string;
  /** The document, from the root: `README.md`, `docs/contract.md`. */
  readonly document: string;
  /** The section as the comment names it (what follows the document's name). */
  readonly section: string;
}

/** Folders that hold no source of ours: installs, builds, and trees broken on purpose. */
const SKIPPED = new Set(["node_modules", "dist", ".turbo", "coverage", "fixtures", "test-artifacts"]);
const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js)$/;

/** The source files under these folders of the root. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      if (SKIPPED.has(entry.name)) return [];
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(relative);
      return SOURCE.test(entry.name) ? [relative] : [];
    });
  return folders.filter((folder) => fs.existsSync(path.join(root, folder))).flatMap(walk);
}

/**
 * The comments of a source file, each as one line of text (a block's lines joined, their `*` and
 * `//` dropped) with the line it starts on. Strings are not comments: `readFileSync(README, "utf8")`
 * cites nothing.
 */
export function comments(text: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  const lines = text.split("\n");
  let block: { line: number; parts: string[]; lineComments: boolean } | undefined;
  const flush = () => {
    if (block) found.push({ line: block.line, text: block.parts.join(" ").replace(/\s+/g, " ").trim() });
    block = undefined;
  };
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    const trailing = /^[^"'`]*?\s\/\/\s(.*)$/.exec(raw);
    const part = line.startsWith("//")
      ? line.slice(2)
      : line.startsWith("/*") || (block && line.startsWith("*"))
        ? line.replace(/^\/?\*+\/?/, "").replace(/\*\/$/, "")
        : trailing?.[1];
    if (part === undefined) {
      flush();
      continue;
    }
    // A block comment after line comments (or a line comment after a block) is a comment of its own.
    if (line.startsWith("/*") || (block && line.startsWith("//") !== block.lineComments)) flush();
    block ??= { line: index + 1, parts: [], lineComments: line.startsWith("//") };
    block.parts.push(part);
    if (line.endsWith("*/") || trailing) flush();
  }
  flush();
  return found;
}

/**
 * The citations a comment makes: `README, "Section"` or `README, Section` (in brackets or not),
 * `README "Section"`, `README ("Section")`, and `docs/<file>.md, Section` (the section, from its capital, up to a closing bracket, a semicolon
 * or a full stop)
 * or `docs/<file>.md section N`. A bare `(README)` names no section and is not one.
 */
export function citationsIn(where: string, text: string): Citation[] {
  const found: Citation[] = [];
  // README, "Section" · README "Section" · README ("Section") · the README's "Section"
  for (const m of text.matchAll(/\bREADME(?:'s)?,?\s*\(?"([^"]+)"/g))
    found.push({ where, document: "README.md", section: (m[1] ?? "").replace(/^#+\s*/, "") });
  // README, Section (up to a colon, a bracket, a full stop or a comma); not "README, docs/…".
  for (const m of text.matchAll(/\bREADME,\s+(?!["\s]|docs\/)([^"():.;,]+)/g))
    found.push({ where, document: "README.md", section: (m[1] ?? "").trim() });
  // A section's name starts with a capital, a digit or a quote: "docs/x.md, e.g. …" cites no section.
  for (const m of text.matchAll(/\b(docs\/[a-z-]+\.md),\s*(?:"([^"]+)"|([A-Z0-9§][^);.]*))/g))
    found.push({ where, document: m[1] ?? "", section: (m[2] ?? m[3] ?? "").trim() });
  for (const m of text.matchAll(/\b(docs\/[a-z-]+\.md),? section (\d+)/g))
    found.push({ where, document: m[1] ?? "", section: m[2] ?? "" });
  return found;
}

/** A heading as citations name it: without its number (`## 6. Events: webhooks` is `Events: webhooks`). */
const headingName = (heading: string) =>
  heading
    .replace(/^#+\s*/, "")
    .replace(/^\d+\.\s*/, "")
    .trim()
    .toLowerCase();

/** The headings of a Markdown document (outside its fenced blocks), and their numbers. */
export function headingsOf(markdown: string): { names: string[]; numbers: string[] } {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "");
  const headings = [...prose.matchAll(/^#{1,6} .+$/gm)].map((m) => m[0]);
  return {
    names: headings.map(headingName),
    numbers: headings.flatMap((h) => /^#+\s*(\d+)\./.exec(h)?.[1] ?? []),
  };
}

/**
 * Whether a section names a heading: the heading's name or its start before a colon or a bracket
 * (`Events` for "Events: webhooks", `CarDetail` for "CarDetail (a stored vehicle…)"), followed in
 * the citation by nothing or by more detail (`Authentication 4`, `Events › Signature`,
 * `CarDetail: "always returned"`); a number names a numbered section.
 */
export function namesHeading(section: string, headings: { names: string[]; numbers: string[] }): boolean {
  if (/^\d+$/.test(section)) return headings.numbers.includes(section);
  const cited = section.toLowerCase().replace(/\s+/g, " ").trim();
  return headings.names.some((name) => {
    const short = name.split(/:| \(/)[0]?.trim() ?? name;
    // "CalculationResult and CalculationLine" is the section of either.
    return [name, short, ...short.split(" and ")].some(
      (heading) =>
        heading !== "" &&
        (cited === heading || new RegExp(`^${escapeRegExp(heading)}\\b(?![\\w-])`).test(cited)),
    );
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
