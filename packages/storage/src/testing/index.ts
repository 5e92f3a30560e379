/**
 * @module
 * Test helpers of `@cartax/storage`: run the same test against SQLite and PostgreSQL
 * (`describe.each(testDatabases())`). Add `@cartax/storage/testing/postgres-global-setup` as a
 * vitest globalSetup to get a private PostgreSQL cluster per test run.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Dialect } from "../open-storage";

/** A fresh, empty database and how to reach it. */
export interface FreshDatabase {
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** The environment variables a spawned server or CLI needs to use this database. */
  readonly env: Readonly<Record<string, string>>;
  cleanup(): Promise<void>;
}

export interface TestDatabase {
  readonly dialect: Dialect;
  /** False when PostgreSQL is not installed here (outside CI): skip those tests. */
  readonly available: boolean;
  create(): Promise<FreshDatabase>;
}

function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "cartax-test-"));
}

const sqlite: TestDatabase = {
  dialect: "sqlite",
  available: true,
  async create() {
    const dataDir = freshDataDir();
    return {
      dataDir,
      databaseUrl: undefined,
      env: { CARTAX_DATA_DIR: dataDir },
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

function postgres(adminUrl: string | undefined): TestDatabase {
  return {
    dialect: "postgres",
    available: adminUrl !== undefined,
    async create() {
      if (!adminUrl) throw new Error("CARTAX_PG_URL is not set (see postgres-global-setup)");
      const name = `cartax_t_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dataDir = freshDataDir();
      return {
        dataDir,
        databaseUrl: url.toString(),
        env: { CARTAX_DATA_DIR: dataDir, DATABASE_URL: url.toString() },
        cleanup: async () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          try {
            await client.query(`drop database if exists ${name} with (force)`);
          } finally {
            await client.end();
          }
        },
      };
    },
  };
}

/** SQLite and PostgreSQL, for `describe.each`. */
export function testDatabases(): readonly TestDatabase[] {
  return [sqlite, postgres(process.env.CARTAX_PG_URL)];
}
