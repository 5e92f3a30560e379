import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import Database from "better-sqlite3";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FreshDatabase, testDatabases } from "../testing/index";
import { AuditWriter } from "./audit-writer";
import type { WriterThreadData } from "./audit-writer-messages";

/** The test table on each database, and a second connection that reads it. */
interface Table {
  readonly connection: string;
  count(where?: string): Promise<number>;
  /** Connections to the database other than the reader's (PostgreSQL; SQLite: 0). */
  others(): Promise<number>;
  close(): Promise<void>;
}

async function tableOn(dialect: "sqlite" | "postgres", fresh: FreshDatabase): Promise<Table> {
  const create = "create table audit (id text primary key, body text not null)";
  if (dialect === "sqlite") {
    const file = path.join(fresh.dataDir, "audit.sqlite");
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.exec(create);
    db.close();
    return {
      connection: file,
      async count(where = "true") {
        const reader = new Database(file, { readonly: true });
        try {
          return reader.prepare(`select count(*) from audit where ${where}`).pluck().get() as number;
        } finally {
          reader.close();
        }
      },
      others: async () => 0,
      close: async () => {},
    };
  }
  const url = fresh.databaseUrl as string;
  // A pool: the first test reads its rows concurrently, as their inserts are answered.
  const client = new pg.Pool({ connectionString: url, max: 4, application_name: "audit-writer-test" });
  // The database is dropped with (force) after the pool ends: a connection still closing then gets
  // the server's "terminating connection" as an error event, which must not fail the run.
  client.on("error", () => {});
  await client.query(create);
  return {
    connection: url,
    async count(where = "true") {
      const { rows } = await client.query(`select count(*)::int as n from audit where ${where}`);
      return rows[0].n as number;
    },
    async others() {
      const { rows } = await client.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name <> 'audit-writer-test'",
      );
      return rows[0].n as number;
    },
    close: () => client.end(),
  };
}

describe.each(testDatabases())("AuditWriter on $dialect", (database) => {
  let fresh: FreshDatabase;
  let table: Table;
  let writer: AuditWriter;

  beforeEach(async () => {
    if (!database.available) return;
    fresh = await database.create();
    table = await tableOn(database.dialect, fresh);
    writer = new AuditWriter(database.dialect, table.connection, { table: "audit", columns: ["id", "body"] });
  });
  afterEach(async () => {
    if (!database.available) return;
    await writer.drain();
    await writer.close();
    await table.close();
    await fresh.cleanup();
  });

  describe.skipIf(!database.available)("", () => {
    it("commits rows posted together in fewer transactions than rows, each answered once committed", async () => {
      const committed: number[] = [];
      await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          writer.insert({ id: `r${i}`, body: "x".repeat(4000) }).then(async () => {
            // Answered only once another connection can read the row.
            committed.push(await table.count(`id = 'r${i}'`));
          }),
        ),
      );
      expect(committed).toEqual(Array(300).fill(1));
      expect(await table.count()).toBe(300);
      // 300 rows of one turn, posted 4 at a time: every commit but the turn's last holds at least
      // 8 rows (commitEarly).
      expect(writer.batches).toBeLessThanOrEqual(300 / 8 + 1);
    });

    it("commits rows of later turns while earlier ones are being committed", async () => {
      const inserts: Promise<void>[] = [];
      for (let turn = 0; turn < 20; turn++) {
        for (let i = 0; i < 7; i++) inserts.push(writer.insert({ id: `t${turn}-${i}`, body: "x" }));
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(inserts);
      expect(await table.count()).toBe(140);
      // A commit of fewer than 8 rows (commitEarly) only at the end of a turn.
      expect(writer.batches).toBeLessThanOrEqual(140 / 8 + 20);
    });

    it("fails only the row the database refuses", async () => {
      await writer.insert({ id: "taken", body: "first" });
      const outcomes = await Promise.allSettled([
        writer.insert({ id: "a", body: "ok" }),
        writer.insert({ id: "taken", body: "again" }),
        writer.insert({ id: "b", body: "ok" }),
        writer.insert({ id: "c", body: null }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
      expect(await table.count()).toBe(3);
      expect(writer.usable).toBe(true);
    });

    it("commits a backlog of 2,500 rows and stops its thread and its connection on close", async () => {
      const threads = () => fs.readdirSync("/proc/self/task").length;
      const before = fs.existsSync("/proc/self/task") ? threads() : undefined;
      // About 10 MB of rows (on SQLite some 2,500 pages of WAL, checkpointed along the way).
      for (let round = 0; round < 10; round++) {
        await Promise.all(
          Array.from({ length: 250 }, (_, i) =>
            writer.insert({ id: `r${round}-${i}`, body: "x".repeat(4000) }),
          ),
        );
      }
      expect(await table.count()).toBe(2_500);
      if (database.dialect === "postgres") expect(await table.others()).toBe(1);
      await writer.close();
      if (database.dialect === "sqlite") {
        const db = new Database(table.connection);
        db.pragma("wal_checkpoint(TRUNCATE)");
        db.close();
        expect(fs.statSync(table.connection).size).toBeGreaterThan(10_000_000);
      }
      // The thread closed its connection before it stopped.
      const until = Date.now() + 2_000;
      while ((await table.others()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(await table.others()).toBe(0);
      if (before !== undefined) {
        // The writer's thread is gone (V8's own threads stay as they were).
        while (threads() > before && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        expect(threads()).toBeLessThanOrEqual(before);
      }
    });

    it("drain waits for every row posted", async () => {
      void writer.insert({ id: "x", body: "1" });
      void writer.insert({ id: "y", body: "2" });
      await writer.drain();
      expect(await table.count()).toBe(2);
    });

    it.runIf(database.dialect === "sqlite")(
      "runs other statements in a transaction of their own after the rows posted before them; a failing one fails alone",
      async () => {
        const rows = Array.from({ length: 50 }, (_, i) => writer.insert({ id: `r${i}`, body: "x" }));
        const statements = writer.execute([
          { sql: "insert into audit (id, body) values (?, ?)", parameters: ["s1", "one"] },
          { sql: "update audit set body = ? where id = ?", parameters: ["two", "s1"] },
        ]);
        // The second statement fails (primary key): the first is rolled back with it.
        const refused = writer.execute([
          { sql: "insert into audit (id, body) values (?, ?)", parameters: ["s2", "a"] },
          { sql: "insert into audit (id, body) values (?, ?)", parameters: ["s2", "b"] },
        ]);
        await expect(statements).resolves.toBeUndefined();
        await expect(refused).rejects.toThrow(/UNIQUE/);
        await Promise.all(rows);
        expect(await table.count("id = 's1' and body = 'two'")).toBe(1);
        expect(await table.count("id = 's2'")).toBe(0);
        expect(await table.count()).toBe(51);
      },
    );

    it.runIf(database.dialect === "postgres")(
      "refuses statements: they stay on the service's pool",
      async () => {
        await expect(
          writer.execute([{ sql: "insert into audit (id, body) values ($1, $2)", parameters: ["s", "x"] }]),
        ).rejects.toThrow(/SQLite's writer thread only/);
      },
    );
  });
});

describe.each(testDatabases())("the writer thread on $dialect, message by message", (database) => {
  describe.skipIf(!database.available)("", () => {
    it("commits every row of an ended turn, even past one batch", async () => {
      const fresh = await database.create();
      const table = await tableOn(database.dialect, fresh);
      const module = createRequire(import.meta.url).resolve(
        `@cartax/storage/${database.dialect}/audit-writer-thread`,
      );
      const worker = new Worker(module, {
        workerData: {
          connection: table.connection,
          table: "audit",
          columns: ["id", "body"],
          encodeAudit: false,
          maxBatch: 200,
          commitEarly: 1000,
        } satisfies WriterThreadData,
      });
      const answered = new Set<number>();
      const all = new Promise<void>((resolve) =>
        worker.on("message", (message: { ok: number[] }) => {
          for (const id of message.ok) answered.add(id);
          if (answered.size === 202) resolve();
        }),
      );
      const rows = (from: number, n: number) =>
        Array.from({ length: n }, (_, i) => ({ id: from + i, row: { id: `r${from + i}`, body: "x" } }));
      // 198 rows, then the turn's last 4 with its end: 202 ready, more than one batch of 200.
      worker.postMessage({ rows: rows(0, 198), end: false });
      worker.postMessage({ rows: rows(198, 4), end: true });
      await all;
      expect(await table.count()).toBe(202);
      await worker.terminate();
      await table.close();
      await fresh.cleanup();
    });
  });
});
