import { createRoute, z } from "@hono/zod-openapi";
import type { Api } from "../../openapi/api";
import { open } from "../../openapi/responses";

/**
 * Where the README is read: the repository's page (a placeholder host until the project has a
 * public one, as the packages' `repository` fields say).
 */
export const README_URL = "https://github.com/cartax/cartax#readme";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cartax</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}</style>
</head>
<body>
<main>
<h1>Cartax</h1>
<p>Belgian company-car taxation as an HTTP service: every figure with its legal source.</p>
<ul>
<li><a href="/docs">API reference</a> (try every endpoint; the OpenAPI document is <a href="/v1/openapi.json">/v1/openapi.json</a>)</li>
<li><a href="/simulator">The tax simulator</a>: the six taxes of a company car, as you type (nl, fr, en)</li>
<li><a href="/rules">The rule book</a>: the law behind the figures</li>
<li><a href="${README_URL}">README</a>: how to run the service and call it</li>
</ul>
</main>
</body>
</html>`;

export const getHomeRoute = createRoute({
  operationId: "getHome",
  method: "get",
  path: "/",
  summary: "A small page linking the API reference, the rule book and the README",
  tags: ["Operations"],
  security: open,
  responses: { 200: { description: "HTML page.", content: { "text/html": { schema: z.string() } } } },
});

/** GET /: a person who opens the service's address finds where to go, not a 404 problem. */
export function registerGetHome(api: Api): void {
  api.openapi(getHomeRoute, (c) => {
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    return c.html(PAGE, 200);
  });
}
