import fs from "node:fs";
import path from "node:path";
import { ruleBook } from "@cartax/engine";
import { loadVectorFiles } from "../vectors/load-vector-files";
import { type BookFiles, renderBook } from "./rule-book-markdown";

/** Where the book lives in the repository. */
export const BOOK_DIR = "docs/rules";

/** The book as `cartax rules book` writes it for the repository at `root`. */
export function generateBook(root: string): BookFiles {
  const { vectors, errors } = loadVectorFiles(path.join(root, "test-vectors"));
  if (errors.length > 0) throw new Error(`invalid vector files: ${errors.map((e) => e.file).join(", ")}`);
  return renderBook(ruleBook(), vectors, root);
}

function markdownFilesUnder(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFilesUnder(full, base);
    return entry.name.endsWith(".md") ? [path.relative(base, full).split(path.sep).join("/")] : [];
  });
}

/** The files of `docs/rules/` that differ from `book`, are missing, or are left over (sorted). */
export function bookDrift(root: string, book: BookFiles = generateBook(root)): readonly string[] {
  const dir = path.join(root, BOOK_DIR);
  const drift = new Set<string>();
  for (const [file, content] of book) {
    const full = path.join(dir, file);
    if (!fs.existsSync(full) || fs.readFileSync(full, "utf8") !== content) drift.add(file);
  }
  for (const file of markdownFilesUnder(dir)) if (!book.has(file)) drift.add(file);
  return [...drift].sort();
}

/** Writes the book into `docs/rules/` and removes the pages it no longer has; returns the files written. */
export function writeBook(root: string, book: BookFiles = generateBook(root)): readonly string[] {
  const dir = path.join(root, BOOK_DIR);
  for (const file of markdownFilesUnder(dir)) if (!book.has(file)) fs.rmSync(path.join(dir, file));
  for (const [file, content] of book) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return [...book.keys()];
}
