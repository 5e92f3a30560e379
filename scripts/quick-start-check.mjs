#!/usr/bin/env node
// Runs the README's quick start as a newcomer does: a fresh clone of this commit, the block pasted
// as one (bash, line after line, no `set -e`), in an environment without pnpm's or npm's variables.
// Run by .ci/run (slow: an install and a build from nothing). The only change to the block is the
// port (3000 may be taken on a shared machine): PORT and the URLs name a free one.
//
// The install reuses pnpm's store (its default place, shared by every checkout of the machine; its
// side-effects cache holds SQLite once compiled), as any second checkout on a machine would.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TIMEOUT_MS = 20 * 60_000;

const fail = (message) => {
  console.error(`quick start: ${message}`);
  process.exitCode = 1;
};

/** The first ```sh block after the README's "## Quick start" heading. */
export function quickStartBlock(readme) {
  const section = readme.slice(readme.indexOf("\n## Quick start"));
  const match = /```sh\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error("README.md has no sh block under ## Quick start");
  return match[1];
}

/** The first JSON object of `text` that starts with `start` (the answer among the server's logs). */
export function jsonObjectAt(text, start) {
  const from = text.indexOf(start);
  if (from === -1) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return JSON.parse(text.slice(from, i + 1));
  }
  return undefined;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The environment of a new terminal: no variables a package manager sets for its scripts. */
function terminalEnvironment(port) {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_|PNPM_|INIT_CWD$|TURBO_HASH$|NODE_OPTIONS$|VITEST)/.test(name)) continue;
    env[name] = value;
  }
  // node_modules/.bin of a package manager's script would put turbo, tsc… on the PATH.
  env.PATH = (env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`${path.sep}node_modules${path.sep}`))
    .join(path.delimiter);
  return { ...env, PORT: String(port) };
}

async function main() {
  const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: root })
    .toString()
    .trim();
  if (dirty) console.warn("quick start: uncommitted changes are not part of the clone (it tests HEAD)");
  const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root }).toString().trim();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-quick-start-"));
  const clone = path.join(tmp, "cartax");
  const started = Date.now();
  let child;
  try {
    execFileSync("git", ["clone", "--quiet", "--no-checkout", root, clone]);
    execFileSync("git", ["-C", clone, "checkout", "--quiet", "--detach", head]);

    const port = await freePort();
    const env = terminalEnvironment(port);

    // Before anything is installed, the key step says what to do rather than "the build failed".
    const early = spawnText(
      "npx",
      ["--yes", "pnpm@10.34.9", "--silent", "cartax", "subscription", "list"],
      clone,
      env,
    );
    const earlyOut = await early.done;
    if (earlyOut.status === 0 || !/not installed/.test(earlyOut.output)) {
      fail(`the CLI before any install answered ${earlyOut.status}: ${earlyOut.output.slice(-500)}`);
      return;
    }

    const block = quickStartBlock(fs.readFileSync(path.join(clone, "README.md"), "utf8")).replaceAll(
      "127.0.0.1:3000",
      `127.0.0.1:${port}`,
    );
    console.log(`quick start: clone of ${head.slice(0, 12)} in ${clone}, port ${port}; running:\n${block}`);
    child = spawnText("bash", ["-c", block], clone, env, { detached: true });
    const timer = setTimeout(() => {
      fail(`not done after ${TIMEOUT_MS / 60_000} minutes`);
      stop(child);
    }, TIMEOUT_MS);
    const { status, output } = await child.done;
    clearTimeout(timer);
    const seconds = Math.round((Date.now() - started) / 1000);
    // The service started with `npm start &` logs to the same terminal: a log line (one JSON line
    // of pino) can land in the middle of curl's answer, as on a user's screen; read around it.
    const answer = jsonObjectAt(output.replace(/\{"level":\d+,[^\n]*\}\n/g, ""), '{"calculationId"');
    const lines = answer?.lines ?? [];
    if (status !== 0) fail(`the block exited with ${status}`);
    if (!answer) fail("no CalculationResult in the block's output");
    else if (!lines.some((line) => line.viewOption === "BenefitInKind" && typeof line.rawValue === "number"))
      fail(`the answer has no benefit in kind figure: ${JSON.stringify(answer).slice(0, 500)}`);
    if (/build failed|install failed|not installed/.test(output)) fail("a step reported a failure");
    if (process.exitCode) console.error(output.slice(-4000));
    else
      console.log(
        `quick start: the README's block, pasted as one in a fresh clone, answered ${lines.length} lines and ${answer.unavailableLines.length} unavailable ones (${seconds} s; install: ${/Done in [^\n]*/.exec(output)?.[0] ?? "?"}; ${/better-sqlite3[^\n]*(install|build)[^\n]*/.exec(output)?.[0] ?? "no SQLite build step shown"})`,
      );
  } finally {
    if (child) await stop(child);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Spawns a command; `done` resolves when it exits with its status and its stdout and stderr so far
 * (on exit, not on close: the backgrounded server keeps the pipes open after the block is done).
 */
function spawnText(command, args, cwd, env, options = {}) {
  const proc = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], ...options });
  let output = "";
  proc.stdout.on("data", (chunk) => {
    output += chunk;
  });
  proc.stderr.on("data", (chunk) => {
    output += chunk;
  });
  proc.done = new Promise((resolve) => {
    // A moment for the last bytes written before the exit to be read.
    proc.on("exit", (status) => setTimeout(() => resolve({ status, output }), 500));
  });
  return proc;
}

/** Stops the block's process group (the backgrounded `npm start` and its server), TERM then KILL. */
async function stop(proc) {
  const signal = (name) => {
    try {
      process.kill(-proc.pid, name);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  if (!signal("SIGTERM")) return;
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (!signal(0)) return;
  }
  signal("SIGKILL");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
