import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import { sharedVitestConfig } from "../../vitest.shared.ts";

export default mergeConfig(
  sharedVitestConfig,
  defineConfig({
    test: {
      include: ["test/**/*.test.ts"],
      // test/fixtures/repo is a small tree that breaks the dependency rules on purpose: cruised, not run.
      exclude: [...configDefaults.exclude, "test/fixtures/**"],
    },
  }),
);
