import { defineConfig } from "tsup";

/**
 * The simulator's browser program (src/web/simulator/simulator-browser.ts) with the engine and its
 * parameters bundled in, minified, for browsers: dist/simulator/simulator.js, served at
 * /simulator/simulator.js and copied by `pnpm build:site`. Its gzip size is checked against the
 * 150 KB budget by src/web/simulator/simulator-budget.test.ts.
 */
export default defineConfig({
  entry: { simulator: "src/web/simulator/simulator-browser.ts" },
  outDir: "dist/simulator",
  format: ["esm"],
  platform: "browser",
  target: "es2022",
  minify: true,
  sourcemap: false,
  clean: false,
  dts: false,
  splitting: false,
  noExternal: [/.*/],
});
