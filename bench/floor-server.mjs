// The floor of the HTTP benchmark: Calculate's unavoidable work behind the same framework and
// adapter as the service (read the body, all six calculators, the localised lines, serialise the
// answer), with no authentication, no request validation beyond the engine's, no audit record, no
// logs and no metrics. No implementation of POST /v1/Calculate on this engine and adapter can be
// faster than this route; the service's figures are reported against it as well as against bare.
import { randomUUID } from "node:crypto";
import { calculate, toCalculationLine } from "@cartax/engine";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.post("/floor", async (c) => {
  const body = await c.req.json();
  const profile = body.userProfile;
  const outcome = calculate({
    car: body.carDetail,
    profile: {
      status: profile.status,
      registrationOn: profile.registrationOn,
      region: profile.regionRegistration,
      hasFuelCard: profile.hasFuelCard,
    },
    options: body.options,
  });
  if (!outcome.ok) return c.json(outcome.issues, 400);
  const lines = outcome.results.map((result) => toCalculationLine(result, "en"));
  return c.body(JSON.stringify({ calculationId: randomUUID(), lines }), 200, {
    "Content-Type": "application/json",
  });
});
serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stderr.write(`listening on http://127.0.0.1:${info.port}\n`);
});
