import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const bundle = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../dist/simulator/simulator.js",
);

/** The budget: the simulator's JavaScript (engine, parameters, UI) at most 150 KB gzip. */
const BUDGET_BYTES = 150 * 1024;

describe("the simulator's JavaScript", () => {
  it("is built, holds the engine and its parameters, and weighs at most 150 KB gzip", () => {
    // Built by `pnpm build` (tsup.simulator.config.ts) before the tests run (turbo: test after build).
    const code = fs.readFileSync(bundle);
    const gzip = gzipSync(code, { level: 9 }).length;
    console.log(`simulator.js: ${code.length} bytes, ${gzip} bytes gzip (budget ${BUDGET_BYTES})`);
    // The engine's parameters are in it (a figure of a parameter file and a source address).
    expect(code.toString("utf8")).toContain("flanders.biv.minimum");
    expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
    // zod stays out: the body becomes the engine's input without the schemas' validators.
    expect(code.toString("utf8")).not.toContain("ZodError");
  });
});
