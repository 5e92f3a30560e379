#!/usr/bin/env node
// The README's two commands: `npm start` and `npm test`. They work on a machine that has only
// Node 20 and npm: pnpm comes from the npm registry through npx (corepack fails on our machines),
// pinned to the version of the `packageManager` field.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rootManifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const pnpmSpec = rootManifest.packageManager; // e.g. "pnpm@10.34.9"

/** Runs pnpm: the one that launched us when there is one, else the pinned one through npx. */
function pnpm(args, options = {}) {
  const agent = process.env.npm_config_user_agent ?? "";
  const execPath = process.env.npm_execpath;
  // Under a pnpm that npx started, npm_execpath can still name npm's own CLI: use it only when it
  // is pnpm's (else "install" would run npm install).
  const isPnpm = agent.startsWith("pnpm/") && execPath && /pnpm/i.test(path.basename(execPath));
  const [cmd, cmdArgs] = isPnpm
    ? [process.execPath, [execPath, ...args]]
    : ["npx", ["--yes", pnpmSpec, ...args]];
  return run(cmd, cmdArgs, options);
}

function run(cmd, args, { allowFailure = false, stdio = "inherit" } = {}) {
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio,
    env: { TURBO_TELEMETRY_DISABLED: "1", ...process.env },
  });
  if (result.error) throw result.error;
  if (result.status !== 0 && !allowFailure) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} exited with ${result.status}`);
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

function install() {
  // --frozen-lockfile: a newcomer gets exactly the versions we tested. A second run is a no-op.
  const status = pnpm(["install", "--frozen-lockfile", "--reporter=append-only"], { allowFailure: true });
  if (status !== 0) {
    // The usual cause on a fresh machine: better-sqlite3 found no prebuilt binary to download and
    // could not compile one (node-gyp's errors above say which tool is missing).
    console.error(
      "\n✖ the install failed (pnpm's errors above). SQLite (better-sqlite3) is compiled from source when no prebuilt binary can be downloaded: that needs python3, make and a C++ compiler (Debian: apt-get install python3 make g++).",
    );
    process.exit(status);
  }
}

/** Builds with turbo; a failure names the step (turbo printed the failing task's errors above). */
function build(args) {
  const status = pnpm(["exec", "turbo", "run", ...args, "--output-logs=errors-only"], { allowFailure: true });
  if (status !== 0) {
    console.error(`\n✖ the build failed (turbo run ${args.join(" ")}: the failing task's errors are above)`);
    process.exit(status);
  }
}

/** Sums the vitest JSON reports of every workspace package into one plain summary line. */
function summarise() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const dir of ["packages", "apps", "tests"]) {
    for (const name of fs.readdirSync(path.join(root, dir))) {
      const file = path.join(root, dir, name, "test-results.json");
      if (!fs.existsSync(file)) continue;
      const report = JSON.parse(fs.readFileSync(file, "utf8"));
      passed += report.numPassedTests ?? 0;
      failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    }
  }
  return { passed, failed, skipped };
}

/**
 * Runs the server as a child and stays its parent: SIGINT/SIGTERM sent to us (or to `npm start`,
 * which forwards them) go to the server, and we exit with its status, so stopping the PID of
 * `npm start` stops the service (graceful shutdown included).
 */
function serve() {
  const child = spawn(process.execPath, [path.join(root, "apps/api/dist/server.js")], {
    cwd: root,
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => child.kill(signal));
  }
  // `npm start` runs us through `sh -c`; should that shell die without passing the signal on, we
  // are orphaned (our parent changes): stop the server too rather than leave it running.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) child.kill("SIGTERM");
  }, 1000).unref();
  child.on("exit", (code, signal) => {
    process.exit(code ?? (signal ? 128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1) : 1));
  });
}

const command = process.argv[2];
if (command === "start") {
  install();
  build(["build", "--filter=@cartax/api..."]);
  serve();
} else if (command === "test") {
  install();
  for (const dir of ["packages", "apps", "tests"]) {
    for (const name of fs.readdirSync(path.join(root, dir))) {
      fs.rmSync(path.join(root, dir, name, "test-results.json"), { force: true });
    }
  }
  build(["build", "typecheck"]);
  pnpm(["exec", "biome", "check", "."]);
  // Four suites at a time: all eleven at once on a 2-core CI machine starved the timing-bound
  // tests (a kill -9 under load, webhook retries) of CPU.
  const status = pnpm(["exec", "turbo", "run", "test", "--continue", "--concurrency=4"], {
    allowFailure: true,
  });
  const { passed, failed, skipped } = summarise();
  if (status !== 0 && failed === 0) {
    console.error("✖ a test run failed without reporting a failed test (see the output above)");
    console.log(`${passed} passed, 1 failed${skipped ? `, ${skipped} skipped` : ""}`);
    process.exit(1);
  }
  if (passed === 0) {
    console.error("✖ no test ran");
    process.exit(1);
  }
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  process.exit(failed === 0 ? 0 : 1);
} else {
  console.error("usage: node scripts/dev.mjs start|test");
  process.exit(2);
}
