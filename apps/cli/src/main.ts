import fs from "node:fs";
import { runCalcBatch } from "./calc/calc-batch";
import { runCli } from "./cli";
import { runLogoCommand } from "./logo/logo-command";
import { runSubscriptionCommand } from "./subscription/subscription-command";
import { runNotifyCommand, runWebhookCommand } from "./webhook/webhook-command";

const argv = process.argv.slice(2);
const stdout = (text: string) => process.stdout.write(text);
const stderr = (text: string) => process.stderr.write(text);

try {
  const operator = { stdout, stderr, env: process.env };
  if (argv[0] === "subscription") {
    process.exitCode = await runSubscriptionCommand(argv.slice(1), operator);
  } else if (argv[0] === "webhook") {
    process.exitCode = await runWebhookCommand(argv.slice(1), operator);
  } else if (argv[0] === "logo") {
    process.exitCode = await runLogoCommand(argv.slice(1), operator, process.env.INIT_CWD ?? process.cwd());
  } else if (argv[0] === "calc" && argv.some((a) => a === "--batch" || a.startsWith("--batch="))) {
    process.exitCode = await runCalcBatch(argv.slice(1), {
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      cwd: process.env.INIT_CWD ?? process.cwd(),
    });
  } else if (argv[0] === "notify") {
    process.exitCode = await runNotifyCommand(argv.slice(1), operator);
  } else {
    process.exitCode = runCli(argv, {
      readStdin: () => fs.readFileSync(0, "utf8"),
      stdout,
      stderr,
      // pnpm runs scripts from the repository root; INIT_CWD is where the user typed the command.
      cwd: process.env.INIT_CWD ?? process.cwd(),
    });
  }
} catch (error) {
  // One line, no stack: e.g. the database is unreachable.
  stderr(`cartax: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
