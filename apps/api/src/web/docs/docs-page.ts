import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import { Hono } from "hono";
import type { Api } from "../../openapi/api";
import { open } from "../../openapi/responses";

const ASSETS = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
} as const;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cartax API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/swagger-ui-standalone-preset.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({
  url: "/v1/openapi.json",
  dom_id: "#reference",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
  validatorUrl: null
});`;

export const getDocsRoute = createRoute({
  operationId: "getDocs",
  method: "get",
  path: "/docs",
  summary: "Browsable API reference",
  tags: ["Operations"],
  security: open,
  responses: { 200: { description: "HTML page.", content: { "text/html": { schema: z.string() } } } },
});

/** GET /docs: Swagger UI over /v1/openapi.json (its assets are `docsAssetRoutes`). */
export function registerGetDocs(api: Api): void {
  api.openapi(getDocsRoute, (c) => c.html(PAGE, 200));
}

/**
 * The assets of GET /docs, served from the swagger-ui-dist package (no CDN, no network at run
 * time). Assets are read on first use and kept in memory.
 */
export function docsAssetRoutes() {
  const routes = new Hono();
  const dir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const cache = new Map<string, Buffer>();
  routes.get("/init.js", (c) => c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  routes.get("/:asset", (c) => {
    const name = c.req.param("asset");
    if (!Object.hasOwn(ASSETS, name)) return c.notFound();
    let content = cache.get(name);
    if (!content) {
      content = fs.readFileSync(path.join(dir, name));
      cache.set(name, content);
    }
    return c.body(new Uint8Array(content), 200, {
      "Content-Type": ASSETS[name as keyof typeof ASSETS],
      "Cache-Control": "public, max-age=86400",
    });
  });
  return routes;
}
