import fs from "node:fs";
import path from "node:path";

/** The repository's root above `from` (the folder with pnpm-workspace.yaml), or `from` itself. */
export function repositoryRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return from;
    dir = parent;
  }
  return dir;
}
