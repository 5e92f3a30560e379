#!/usr/bin/env node
// The audit record's size on disk (issue 29: at most 1.5 KB per record on average for the bench car):
// the built service on SQLite in a fresh folder answers AUDIT_RECORDS (default 100,000) Calculates
// of the bench car under wrk, then stops (its writer drains and checkpoints); the database file's size
// divided by the records it holds, and the average compressed body.
//   node bench/audit-size.mjs                 (AUDIT_RECORDS=20000 for a shorter run)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openStorage } from "@cartax/storage";
import Database from "better-sqlite3";
import { benchHttpRequest } from "./bench-request.mjs";
import { seedDatabase, startServer, stopServer, wrk, wrkInstalled } from "./service-under-load.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const target = Number(process.env.AUDIT_RECORDS ?? 100_000);
if (!wrkInstalled()) {
  console.log("audit size skipped: wrk is not installed (Debian: apt-get install wrk)");
  process.exit(0);
}
const { dataDir, key } = await seedDatabase(openStorage, "audit-size");
const file = path.join(dataDir, "cartax.sqlite");
const count = () => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("select count(*) from calculation_records").pluck().get();
  } finally {
    db.close();
  }
};
try {
  const api = await startServer(path.join(here, "../apps/api/dist/server.js"), {
    env: { CARTAX_DATA_DIR: dataDir },
  });
  let records = 0;
  while (records < target) {
    const r = wrk(`${api.url}/v1/Calculate?subscription-key=${key}`, { seconds: 10, body: benchHttpRequest });
    if (r.non2xx) throw new Error(`${r.non2xx} answers were not 2xx`);
    records = count();
  }
  await stopServer(api);
  const db = new Database(file);
  db.pragma("wal_checkpoint(TRUNCATE)");
  const { n, body, text } = db
    .prepare(
      "select count(*) as n, avg(length(body)) as body, avg(request_bytes) as text from calculation_records",
    )
    .get();
  db.close();
  const size = fs.statSync(file).size;
  console.log(
    `cartax audit size (${n.toLocaleString("en")} Calculates of the bench car, SQLite, node ${process.version})`,
  );
  console.log(
    `database file: ${(size / 1024 / 1024).toFixed(1)} MiB = ${(size / n).toFixed(0)} bytes per record (target ≤ 1,536)`,
  );
  console.log(
    `compressed body: ${body.toFixed(0)} bytes on average (request ${text.toFixed(0)} bytes of text and its answer)`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
