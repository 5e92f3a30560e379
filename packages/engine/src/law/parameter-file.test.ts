import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parameterFileSchema } from "./parameter-file.schema";
import { PARAMETER_FILES } from "./parameter-files";

const engine = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("parameter files", () => {
  it("every file matches the schema (description, unit, lastChecked, calculators, dated rows with sources, primary-source status and confidence)", () => {
    const ids = Object.keys(PARAMETER_FILES);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const result = parameterFileSchema.safeParse(PARAMETER_FILES[id]);
      expect(result.success ? "" : `${id}: ${result.error.message}`).toBe("");
    }
  });

  it("the generated index imports every file (scripts/parameter-index.mjs --check)", () => {
    expect(() =>
      execFileSync(process.execPath, [path.join(engine, "scripts/parameter-index.mjs"), "--check"], {
        stdio: "pipe",
      }),
    ).not.toThrow();
  });
});
