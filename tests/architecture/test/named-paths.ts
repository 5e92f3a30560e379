import fs from "node:fs";
import path from "node:path";

/** Folders that hold no source a document may name: installs, builds, caches. */
const SKIPPED = new Set([
  "node_modules",
  "dist",
  ".git",
  ".turbo",
  "coverage",
  "docs-api",
  "test-artifacts",
  "data",
]);

/** Every file and folder of the repository, as paths relative to its root with `/` separators. */
export function repositoryEntries(root: string): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        folders.push(relative);
        walk(relative);
      } else files.push(relative);
    }
  };
  walk("");
  return { files, folders };
}

/** The names of the workspace's packages (`@cartax/engine`, …), from their package.json files. */
export function workspacePackageNames(root: string, files: readonly string[]): Set<string> {
  const names = files
    .filter((f) => /^(packages|apps|tests)\/[^/]+\/package\.json$/.test(f) || f === "bench/package.json")
    .map((f) => (JSON.parse(fs.readFileSync(path.join(root, f), "utf8")) as { name?: string }).name);
  return new Set(names.filter((n): n is string => typeof n === "string"));
}

/** A file name as code and documents write it: a known extension at the end. */
const FILE_NAME = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|md|yaml|yml|sh)$/;

/**
 * What a Markdown document names as a path or a module: the text of each inline code span and the
 * target of each relative link that looks like one. A path has a `/` or a file extension and no
 * space; HTTP paths (`/v1/…`), URLs, placeholders (`<tax>`, `{id}`, `*`) and flags are not paths. A
 * module is a scoped package name such as `@cartax/engine`.
 */
export function namedPaths(markdown: string): { paths: string[]; modules: string[] } {
  const paths = new Set<string>();
  const modules = new Set<string>();
  // Fenced blocks are examples, not names; a code span may run over a line break.
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "");
  const candidates = [
    ...[...prose.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ""),
    ...[...prose.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] ?? ""),
  ];
  for (const raw of candidates) {
    const text = raw.trim();
    if (/^@[a-z0-9-]+\/[a-z0-9-]+$/.test(text)) {
      modules.add(text);
      continue;
    }
    if (/\s/.test(text) || /^[a-z]+:/i.test(text) || text.startsWith("/") || /[<>{}*|=$]/.test(text))
      continue;
    if (!text.includes("/") && !FILE_NAME.test(text)) continue;
    if (!/^[\w.@/-]+$/.test(text)) continue;
    paths.add(text);
  }
  return { paths: [...paths], modules: [...modules] };
}

/**
 * Whether a named path exists. A path from the root (its first folder is one of the root's) must be
 * exactly there, relative to the document's folder if not; a shorter one (`routes/calculate.ts`,
 * `delivery-lifecycle.ts`, as prose writes them after naming the folder) must end some file's or
 * folder's path.
 */
export function pathExists(
  named: string,
  documentDir: string,
  entries: { files: readonly string[]; folders: readonly string[] },
): boolean {
  const clean = named.replace(/^\.\//, "").replace(/\/$/, "");
  const all = [...entries.files, ...entries.folders];
  const exact = new Set(all);
  if (exact.has(clean)) return true;
  const fromDocument = path.posix.normalize(documentDir ? `${documentDir}/${clean}` : clean);
  if (exact.has(fromDocument)) return true;
  const rootFolder = clean.split("/")[0] ?? "";
  if (entries.folders.includes(rootFolder) || clean.startsWith("../")) return false;
  return all.some((entry) => entry.endsWith(`/${clean}`));
}
