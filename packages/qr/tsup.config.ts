import { defineConfig } from "tsup";

export default defineConfig({
  entry: [
    "src/index.ts",
    // The render thread: started by file (render-workers.ts), so it is an entry.
    "src/render-worker-thread.ts",
  ],
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
});
