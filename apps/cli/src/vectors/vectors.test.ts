import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadVectorFiles } from "./load-vector-files";
import { runVector } from "./run-vector";

/**
 * Every legislative test vector of test-vectors/ as one test, through the same runner as
 * `pnpm cartax vectors`. The expected values are the law's or a published source's.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const { vectors, errors } = loadVectorFiles(path.join(root, "test-vectors"));

describe("test-vector files", () => {
  it("are all valid vector files", () => {
    expect(errors).toEqual([]);
  });

  it("hold vectors", () => {
    expect(vectors.length).toBeGreaterThan(0);
  });
});

describe.each([...new Set(vectors.map((v) => path.relative(root, v.file)))])("%s", (file) => {
  const inFile = vectors.filter((v) => path.relative(root, v.file) === file);
  it.each(inFile.map((v) => [v.vector.id, v] as const))("%s", (_id, loaded) => {
    const run = runVector(loaded);
    expect(run.problem ?? "ok", `${loaded.vector.description ?? ""}\nsource: ${loaded.vector.source}`).toBe(
      "ok",
    );
  });
});
