import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";

/**
 * PostgreSQL only: every statement that writes to `subscriptions` or `car_details` notifies the
 * channel `cartax_changes` with the table's name when its transaction commits, whoever runs it (an
 * instance of the service, the CLI, an operator's SQL). Each instance listens and drops what its key
 * and car read caches hold of that table (postgres/change-feed.ts). SQLite needs nothing: its caches
 * ask `data_version`.
 */
export const changeNotifications: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`create function cartax_notify_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('cartax_changes', tg_table_name);
        return null;
      end
    $$`.execute(db);
    for (const table of ["subscriptions", "car_details"]) {
      await sql`create trigger ${sql.raw(`${table}_changed`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function cartax_notify_change()`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    for (const table of ["subscriptions", "car_details"]) {
      await sql`drop trigger ${sql.raw(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function cartax_notify_change()`.execute(db);
  },
};
