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
    // Many tests run the operator CLI (a fresh Node process each) several times: alone they take
    // 3-13 s, but with the four suites of `npm test` at once a CLI call can take 10 s or more.
    testTimeout: 90_000,
    hookTimeout: 200_000,
  },
});
