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
    testTimeout: 20_000,
    hookTimeout: 200_000,
  },
});
