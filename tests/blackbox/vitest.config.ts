import { defineConfig } from "vitest/config";

/**
 * Black-box suite: one real service process (started by the global setup from the repository root,
 * the way the README's `npm start` does) serves every test file.
 */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // As every workspace package: scripts/dev.mjs sums test-results.json into the CI line.
    reporters: ["default", "json"],
    outputFile: { json: "test-results.json" },
    testTimeout: 30_000,
    hookTimeout: 200_000,
  },
});
