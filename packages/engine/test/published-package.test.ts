import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { publint } from "publint";
import { describe, expect, it } from "vitest";

/**
 * The engine is published to npm for other TypeScript projects: the built package (dist/, built by
 * turbo before this test) must resolve for ESM and CommonJS consumers and pass publint.
 */
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("the published @cartax/engine package", () => {
  it("has no publint errors or warnings", async () => {
    const { messages } = await publint({ pkgDir: packageDir, level: "warning", strict: true, pack: "npm" });
    expect(messages.map((m) => `${m.type}: ${m.code} ${JSON.stringify(m.args)}`)).toEqual([]);
  });

  it("exposes the same API to import and require", async () => {
    const esm = await import(pathToFileURL(path.join(packageDir, "dist/index.js")).href);
    const cjs = createRequire(import.meta.url)(path.join(packageDir, "dist/index.cjs"));
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    for (const name of ["calculate", "computeTaxMatrix", "toCalculationLine", "RULES_VERSION"]) {
      expect(esm).toHaveProperty(name);
    }
  });
});
