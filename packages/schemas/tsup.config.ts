import { defineConfig } from "tsup";

export default defineConfig({
  // The second entry has no zod: a browser program (the simulator) turns a Calculate body into the
  // engine's input exactly as the service does, without the schemas' weight.
  entry: ["src/index.ts", "src/to-calculation-input.ts"],
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
});
