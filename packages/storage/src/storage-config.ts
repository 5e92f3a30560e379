import path from "node:path";
import { readEnvironmentVariables } from "@cartax/schemas";
import type { Environment } from "./environment";

/** What the server and the operator CLI read alike from the environment to reach the database. */
export interface StorageConfig {
  /** Folder of the embedded SQLite database (`CARTAX_DATA_DIR`, default `./data`). */
  readonly dataDir: string;
  /** `DATABASE_URL`: a `postgres://` or `postgresql://` URL switches to PostgreSQL. */
  readonly databaseUrl: string | undefined;
  /** `CARTAX_ENVIRONMENT`: `acceptance` (default) or `production`. */
  readonly environment: Environment;
}

/**
 * The storage settings of the environment. The whole table is checked (the schema of
 * @cartax/schemas, shared by the server, the worker and the CLI): a wrong value throws a
 * ConfigError with one clear line.
 */
export function readStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const variables = readEnvironmentVariables(env);
  return {
    dataDir: path.resolve(variables.CARTAX_DATA_DIR),
    databaseUrl: variables.DATABASE_URL,
    environment: variables.CARTAX_ENVIRONMENT,
  };
}
