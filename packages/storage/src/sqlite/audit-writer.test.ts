import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteAuditWriter } from "./audit-writer";

describe("SqliteAuditWriter", () => {
  let dir: string;
  let file: string;
  let writer: SqliteAuditWriter;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-audit-writer-"));
    file = path.join(dir, "audit.sqlite");
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.exec("create table audit (id text primary key, body text not null)");
    db.close();
    writer = new SqliteAuditWriter(file, { table: "audit", columns: ["id", "body"] });
  });
  afterEach(async () => {
    await writer.drain();
    await writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const count = () => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare("select count(*) as n from audit").get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  it("commits rows posted together in fewer transactions than rows, each answered once on disk", async () => {
    const committed: number[] = [];
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        writer.insert({ id: `r${i}`, body: "x".repeat(4000) }).then(() => {
          // Answered only once another connection can read the row.
          const db = new Database(file, { readonly: true });
          committed.push(
            db.prepare("select count(*) as n from audit where id = ?").pluck().get(`r${i}`) as number,
          );
          db.close();
        }),
      ),
    );
    expect(committed).toEqual(Array(300).fill(1));
    expect(count()).toBe(300);
    expect(writer.batches).toBeLessThan(300);
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
    expect(count()).toBe(3);
    expect(writer.usable).toBe(true);
  });

  it("runs other statements in a transaction of their own between batches; a failing one fails alone", async () => {
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
    const db = new Database(file, { readonly: true });
    expect(db.prepare("select body from audit where id = 's1'").pluck().get()).toBe("two");
    expect(db.prepare("select count(*) from audit where id = 's2'").pluck().get()).toBe(0);
    db.close();
    expect(count()).toBe(51);
  });

  it("commits a backlog of 2,500 rows and stops its thread on close", async () => {
    const threads = () => fs.readdirSync("/proc/self/task").length;
    const before = fs.existsSync("/proc/self/task") ? threads() : undefined;
    // About 10 MB of rows: some 2,500 pages of WAL, checkpointed by SQLite along the way.
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 250 }, (_, i) =>
          writer.insert({ id: `r${round}-${i}`, body: "x".repeat(4000) }),
        ),
      );
    }
    expect(count()).toBe(2_500);
    await writer.close();
    const db = new Database(file);
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
    expect(fs.statSync(file).size).toBeGreaterThan(10_000_000);
    if (before !== undefined) {
      // The writer's thread is gone (V8's own threads stay as they were).
      const until = Date.now() + 2_000;
      while (threads() > before && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(threads()).toBeLessThanOrEqual(before);
    }
  });

  it("drain waits for every row posted", async () => {
    void writer.insert({ id: "x", body: "1" });
    void writer.insert({ id: "y", body: "2" });
    await writer.drain();
    expect(count()).toBe(2);
  });
});
