#!/usr/bin/env node
// `pnpm cartax …`: brings the CLI's build up to date (turbo's cache makes that a no-op when nothing
// changed, so an analyst who just edited a rule table runs the new figures), then runs it.
// The build is quiet unless it fails (then its output goes to standard error): standard output
// carries only the command's own output.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const turbo = path.join(root, "node_modules", ".bin", "turbo");
const runBuild = () =>
  spawnSync(turbo, ["run", "build", "--filter=@cartax/cli...", "--output-logs=errors-only"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { TURBO_TELEMETRY_DISABLED: "1", ...process.env },
  });
let build = runBuild();
// An install running beside us (`npm start` in another terminal) relinks node_modules/.bin for a
// moment: with node_modules there, wait for turbo to come back (at most 20 s) before saying so.
for (
  let waited = 0;
  build.error?.code === "ENOENT" && fs.existsSync(path.join(root, "node_modules")) && waited < 40;
  waited++
) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  build = runBuild();
}
if (build.error) {
  // No turbo: the workspace is not installed (yet: `npm start` may still be installing it).
  process.stderr.write(
    build.error.code === "ENOENT"
      ? "cartax: the workspace is not installed (no node_modules/.bin/turbo): run `npm start` or `npm test` first, or `npx pnpm@10.34.9 install`, and wait until it is done\n"
      : `cartax: the build could not start: ${build.error.message}\n`,
  );
  process.exit(1);
}
if (build.status !== 0) {
  process.stderr.write(build.stdout ?? "");
  process.stderr.write(build.stderr ?? "");
  process.stderr.write("cartax: the build failed (see above)\n");
  process.exit(build.status ?? 1);
}
const cli = spawnSync(
  process.execPath,
  [path.join(root, "apps/cli/dist/main.js"), ...process.argv.slice(2)],
  {
    stdio: "inherit",
    env: process.env,
  },
);
process.exit(cli.status ?? 1);
