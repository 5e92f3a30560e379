#!/usr/bin/env node
// `pnpm release:check`: what a maintainer checks before publishing, without publishing anything
// and without an npm login: builds, then for every public package publint (strict) and
// are-the-types-wrong on the packed tarball, then `pnpm publish -r --dry-run`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const pnpmSpec = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).packageManager;

function run(cmd, args, cwd = root) {
  console.log(
    `$ ${path.basename(cmd)} ${args.join(" ")}${cwd === root ? "" : `   (in ${path.relative(root, cwd)})`}`,
  );
  const result = spawnSync(cmd, args, {
    cwd,
    stdio: "inherit",
    env: { TURBO_TELEMETRY_DISABLED: "1", ...process.env },
  });
  if (result.status !== 0) {
    console.error(`✖ release check failed: ${path.basename(cmd)} ${args.join(" ")}`);
    process.exit(result.status ?? 1);
  }
}

run("npx", ["--yes", pnpmSpec, "exec", "turbo", "run", "build", "--output-logs=errors-only"]);
const publicPackages = fs
  .readdirSync(path.join(root, "packages"))
  .map((name) => path.join(root, "packages", name))
  .filter((dir) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    return manifest.private !== true;
  });
for (const dir of publicPackages) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  for (const file of ["LICENSE", "README.md"]) {
    if (!fs.existsSync(path.join(dir, file))) {
      console.error(`✖ ${manifest.name} has no ${file}`);
      process.exit(1);
    }
  }
  for (const field of ["repository", "homepage", "bugs", "license"]) {
    if (!manifest[field]) {
      console.error(`✖ ${manifest.name} has no "${field}" field`);
      process.exit(1);
    }
  }
  run(bin("publint"), ["--strict", "--pack", "npm"], dir);
  // ESM-only packages (all but the engine) are checked with the esm-only profile.
  const esmOnly = !manifest.exports?.["."]?.require;
  run(
    bin("attw"),
    ["--pack", ".", ...(esmOnly ? ["--profile", "esm-only"] : []), "--format", "table-flipped"],
    dir,
  );
}
run("npx", ["--yes", pnpmSpec, "publish", "-r", "--dry-run", "--no-git-checks", "--report-summary"]);
fs.rmSync(path.join(root, "pnpm-publish-summary.json"), { force: true });
console.log(`release check passed: ${publicPackages.length} public packages`);
