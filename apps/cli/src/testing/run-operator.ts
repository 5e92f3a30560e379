import type { OperatorIo } from "../operator/operator-command";

/** An operator command as the tests run it: its exit code, its outputs, and stdout as JSON. */
export async function runOperator(
  command: (args: readonly string[], io: OperatorIo) => Promise<number>,
  env: NodeJS.ProcessEnv,
  ...args: string[]
) {
  let stdout = "";
  let stderr = "";
  const code = await command(args, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env,
  });
  return { code, stdout, stderr, json: () => JSON.parse(stdout) };
}
