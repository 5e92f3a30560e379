import { RULES_VERSION } from "@cartax/engine";
import { Hono } from "hono";
import { type Kysely, sql } from "kysely";
import type { DatabaseSchema } from "./database";

/** Builds the HTTP application. Routes of the API contract land here issue by issue. */
export function createApp(db: Kysely<DatabaseSchema>): Hono {
  const app = new Hono();
  app.get("/health", async (c) => {
    await sql`select 1`.execute(db);
    return c.json({ status: "ok", rulesVersion: RULES_VERSION });
  });
  return app;
}
