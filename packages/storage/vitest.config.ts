import { defineConfig, mergeConfig } from "vitest/config";
import { sharedVitestConfig } from "../../vitest.shared.ts";

export default mergeConfig(
  sharedVitestConfig,
  defineConfig({ test: { globalSetup: ["src/testing/postgres-global-setup.ts"] } }),
);
