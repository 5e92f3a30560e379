import { defineConfig } from "vitest/config";

/**
 * One vitest configuration for every workspace package. Besides the console reporter,
 * each package writes `test-results.json` (vitest's JSON reporter); `scripts/dev.mjs test`
 * sums those files into the plain `N passed, N failed` line that CI reads.
 */
export const sharedVitestConfig = defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    reporters: ["default", "json"],
    outputFile: { json: "test-results.json" },
    testTimeout: 20_000,
  },
});
