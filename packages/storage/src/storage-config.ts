import path from "node:path";
import { ConfigError } from "./config-error";
import { ENVIRONMENTS, type Environment, isEnvironment } from "./environment";

/** What the server and the operator CLI read alike from the environment to reach the database. */
export interface StorageConfig {
  /** Folder of the embedded SQLite database (`CARTAX_DATA_DIR`, default `./data`). */
  readonly dataDir: string;
  /** `DATABASE_URL`: a `postgres://` or `postgresql://` URL switches to PostgreSQL. */
  readonly databaseUrl: string | undefined;
  /** `CARTAX_ENVIRONMENT`: `acceptance` (default) or `production`. */
  readonly environment: Environment;
}

/** Reads the storage configuration; a wrong value throws a ConfigError with one clear line. */
export function readStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const environment = env.CARTAX_ENVIRONMENT?.trim() || "acceptance";
  if (!isEnvironment(environment)) {
    throw new ConfigError(
      `CARTAX_ENVIRONMENT must be one of ${ENVIRONMENTS.join(", ")}, got "${env.CARTAX_ENVIRONMENT}"`,
    );
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    // Never echo the URL: it may carry a password.
    throw new ConfigError("DATABASE_URL must be a postgres:// or postgresql:// URL");
  }
  return {
    dataDir: path.resolve(env.CARTAX_DATA_DIR?.trim() || "data"),
    databaseUrl,
    environment,
  };
}
