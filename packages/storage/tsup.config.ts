import { defineConfig } from "tsup";

export default defineConfig({
  entry: [
    "src/index.ts",
    "src/testing/index.ts",
    "src/testing/postgres-global-setup.ts",
    // The writer threads: started by file (fast-path/audit-writer.ts), so they are entries.
    "src/sqlite/audit-writer-thread.ts",
    "src/postgres/audit-writer-thread.ts",
  ],
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
});
