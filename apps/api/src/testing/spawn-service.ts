import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/server.js");

/** The built service (`node apps/api/dist/server.js`, what `npm start` runs) as a child process. */
export interface SpawnedService {
  readonly process: ChildProcess;
  readonly base: string;
  readonly output: () => string;
}

/** Starts the built server with these environment variables; resolves when it listens. */
export function spawnService(env: Record<string, string>): Promise<SpawnedService> {
  const child = spawn(process.execPath, [serverScript], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ process: child, base: `${match[1]}/v1`, output: () => output });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** Stops a spawned server with a signal and waits for it to exit. */
export function stopService(
  service: SpawnedService,
  signal: NodeJS.Signals = "SIGTERM",
): Promise<number | null> {
  return new Promise((resolve) => {
    if (service.process.exitCode !== null || service.process.signalCode !== null) {
      resolve(service.process.exitCode);
      return;
    }
    service.process.once("exit", (code) => resolve(code));
    service.process.kill(signal);
  });
}
