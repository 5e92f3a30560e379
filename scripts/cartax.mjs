#!/usr/bin/env node
// `pnpm cartax …`: brings the CLI's build up to date (turbo's cache makes that a no-op when nothing
// changed, so an analyst who just edited a rule table runs the new figures), then runs it.
// The build is quiet unless it fails (then its output goes to standard error): standard output
// carries only the command's own output.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const turbo = path.join(root, "node_modules", ".bin", "turbo");
const build = spawnSync(turbo, ["run", "build", "--filter=@cartax/cli...", "--output-logs=errors-only"], {
  cwd: root,
  stdio: ["ignore", "pipe", "pipe"],
  env: { TURBO_TELEMETRY_DISABLED: "1", ...process.env },
});
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
