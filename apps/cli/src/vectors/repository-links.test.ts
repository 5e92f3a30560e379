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
