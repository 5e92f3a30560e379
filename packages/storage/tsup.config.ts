import { defineConfig } from "tsup";

export default defineConfig({
  entry: [
    "src/index.ts",
    "src/testing/index.ts",
    "src/testing/postgres-global-setup.ts",
    // The SQLite writer's thread: started by file (sqlite/audit-writer.ts), so it is an entry.
    "src/sqlite/audit-writer-thread.ts",
  ],
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
});
