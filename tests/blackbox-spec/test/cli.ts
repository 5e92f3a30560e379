/**
 * The operator CLI as the README shows it: `pnpm --silent cartax …` is `node scripts/cartax.mjs …`
 * from the repository root, on the same `CARTAX_DATA_DIR` as the server. Only JSON goes to
 * standard output.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface Subscription {
  id: string;
  ownerId: string;
  primaryKey: string;
  secondaryKey: string;
  active: boolean;
  calculationAccess: boolean;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(
  dataDir: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/cartax.mjs", ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, CARTAX_DATA_DIR: dataDir, ...extraEnv },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs a CLI command that must succeed and parses the JSON it prints. */
export async function cli<T>(
  dataDir: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<T> {
  const result = await runCli(dataDir, args, extraEnv);
  if (result.code !== 0) {
    throw new Error(`cartax ${args.join(" ")} exited ${result.code}:\n${result.stderr}`);
  }
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`cartax ${args.join(" ")} printed no JSON:\n${result.stdout}\n${result.stderr}`);
  }
}
