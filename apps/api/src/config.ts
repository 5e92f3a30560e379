import path from "node:path";

/** Runtime configuration, read once from the environment at start-up. */
export interface ServiceConfig {
  readonly port: number;
  readonly host: string;
  /** Folder holding the embedded SQLite database file. */
  readonly dataDir: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const port = Number(env.PORT ?? "3000");
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${env.PORT}"`);
  }
  return {
    port,
    host: env.HOST ?? "127.0.0.1",
    dataDir: path.resolve(env.CARTAX_DATA_DIR ?? "data"),
  };
}
