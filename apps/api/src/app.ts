import { RULES_VERSION } from "@cartax/engine";
import type { Storage } from "@cartax/storage";
import { Hono } from "hono";
import { sql } from "kysely";

/** Builds the HTTP application. Routes of the API contract land here issue by issue. */
export function createApp(storage: Storage): Hono {
  const app = new Hono();
  app.get("/health", async (c) => {
    await sql`select 1`.execute(storage.db);
    return c.json({ status: "ok", rulesVersion: RULES_VERSION });
  });
  return app;
}
