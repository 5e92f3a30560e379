import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { namedPaths, pathExists, repositoryEntries, workspacePackageNames } from "./named-paths";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const entries = repositoryEntries(root);

describe("ARCHITECTURE.md", () => {
  const text = fs.readFileSync(path.join(root, "ARCHITECTURE.md"), "utf8");
  const { paths, modules } = namedPaths(text);

  it("names only paths that exist", () => {
    // The map is worth reading only while it is true: each of these is a place to open.
    expect(paths.length).toBeGreaterThan(40);
    const missing = paths.filter((named) => !pathExists(named, "", entries));
    expect(missing, "paths named in ARCHITECTURE.md that do not exist").toEqual([]);
  });

  it("names only workspace packages that exist", () => {
    const packages = workspacePackageNames(root, entries.files);
    expect(modules.length).toBeGreaterThan(4);
    expect(modules.filter((m) => !packages.has(m))).toEqual([]);
  });

  it("answers where the Flemish BIV minimum for 2025 is written: the figures it quotes are in the files it names", () => {
    // The newcomer's question of issue 32, answered from this file and the files it names.
    const named = (pattern: RegExp) => {
      const file = paths.find((p) => pattern.test(p));
      expect(file, `ARCHITECTURE.md names a file matching ${pattern}`).toBeDefined();
      return fs.readFileSync(path.join(root, file ?? ""), "utf8");
    };
    const minimum = named(/^packages\/engine\/parameters\/.*flanders.*minimum.*\.json$/);
    const index = named(/^packages\/engine\/parameters\/.*flanders.*index.*\.json$/);
    expect(text).toMatch(/41\.99 €/);
    expect(minimum).toContain("41.99");
    for (const coefficient of ["1.3045", "1.3307"]) {
      expect(text).toContain(`K = ${coefficient}`);
      expect(index).toContain(coefficient);
    }
    // 41.99 × K to the cent, as the document says.
    expect(text).toContain(`${(Math.round(41.99 * 1.3045 * 100) / 100).toFixed(2)} € until 30 June 2025`);
    expect(text).toContain(`${(Math.round(41.99 * 1.3307 * 100) / 100).toFixed(2)} €.`);
  });
});

describe("the path check", () => {
  const sample = [
    "`packages/engine/src/index.ts`, `src/index.ts`, `dev.mjs`, `docs/`",
    "`packages/engine/src/no-such-module.ts`, `apps/api/src/gone/`, `nowhere.ts`",
    "[a link](docs/no-such-file.md), `@cartax/engine`, `@cartax/nothing`",
    "not paths: `POST /v1/Calculate`, `/metrics`, `include=parameters`, `rules-<version>.json`, `npm test`",
  ].join("\n");

  it("finds what a document names, and nothing else", () => {
    const { paths, modules } = namedPaths(sample);
    expect(paths.sort()).toEqual(
      [
        "apps/api/src/gone/",
        "dev.mjs",
        "docs/",
        "docs/no-such-file.md",
        "nowhere.ts",
        "packages/engine/src/index.ts",
        "packages/engine/src/no-such-module.ts",
        "src/index.ts",
      ].sort(),
    );
    expect(modules.sort()).toEqual(["@cartax/engine", "@cartax/nothing"]);
  });

  it("fails on a path that does not exist, from the root or as a file name", () => {
    const { paths } = namedPaths(sample);
    expect(paths.filter((named) => !pathExists(named, "", entries)).sort()).toEqual(
      [
        "apps/api/src/gone/",
        "docs/no-such-file.md",
        "nowhere.ts",
        "packages/engine/src/no-such-module.ts",
      ].sort(),
    );
    expect(workspacePackageNames(root, entries.files).has("@cartax/nothing")).toBe(false);
  });
});
