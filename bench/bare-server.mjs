// The baseline of the HTTP benchmark: a bare Hono JSON route on @hono/node-server, the same
// framework and adapter as the service, with no middleware, no validation and no database.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.post("/bare", async (c) =>
  c.json({ ok: true, received: (await c.req.json()).userProfile?.postalCode ?? null }),
);
app.get("/bare", (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stderr.write(`listening on http://127.0.0.1:${info.port}\n`);
});
