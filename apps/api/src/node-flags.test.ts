import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The service's Node flags live in apps/api/node-flags.json (scripts/dev.mjs and the benchmarks
// read it); the package's start script cannot read a file, so it spells them out: kept equal here.
const here = path.dirname(fileURLToPath(import.meta.url));
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(here, "..", file), "utf8"));

describe("the service's Node flags", () => {
  it("are the ones the package's start script passes", () => {
    const { flags } = read("node-flags.json") as { flags: string[] };
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) expect(flag).toMatch(/^--[a-z-]+=\d+$/);
    expect(read("package.json").scripts.start).toBe(`node ${flags.join(" ")} dist/server.js`);
  });

  it("are V8 flags Node accepts", async () => {
    const { flags } = read("node-flags.json") as { flags: string[] };
    const { spawnSync } = await import("node:child_process");
    const run = spawnSync(process.execPath, [...flags, "-e", "process.exit(0)"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
