import { defineConfig } from "vitest/config";

/**
 * One server for the whole run (started by the global setup from the built checkout, as the README
 * says); test files share it, each working on records and subscriptions of its own.
 */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    reporters: ["default", "json"],
    outputFile: { json: "test-results.json" },
    // Many tests run the operator CLI (a fresh Node process each) several times: alone they take
    // 3-13 s, but with the four suites of `npm test` at once a CLI call can take 10 s or more.
    testTimeout: 60_000,
    hookTimeout: 200_000,
  },
});
