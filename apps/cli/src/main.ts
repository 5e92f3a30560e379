import fs from "node:fs";
import { runCli } from "./cli";

process.exitCode = runCli(process.argv.slice(2), {
  readStdin: () => fs.readFileSync(0, "utf8"),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  // pnpm runs scripts from the repository root; INIT_CWD is where the user typed the command.
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
