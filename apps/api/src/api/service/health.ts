import { RULES_VERSION } from "@cartax/engine";
import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { ServiceContext } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { json, open, problems } from "../../openapi/responses";

export const getHealthRoute = createRoute({
  operationId: "getHealth",
  method: "get",
  path: "/health",
  summary: "Liveness and database check",
  tags: ["Operations"],
  security: open,
  responses: {
    200: json("Healthy.", z.object({ status: z.literal("ok"), rulesVersion: z.string() }).openapi("Health"), {
      example: { status: "ok", rulesVersion: RULES_VERSION },
    }),
    500: problems[500],
  },
});

/** GET /health: answers once the database answers a query. */
export function registerGetHealth(api: Api, service: ServiceContext): void {
  api.openapi(getHealthRoute, async (c) => {
    await sql`select 1`.execute(service.storage.db);
    return c.json({ status: "ok" as const, rulesVersion: RULES_VERSION }, 200);
  });
}
