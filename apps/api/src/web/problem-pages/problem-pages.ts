import { createRoute, z } from "@hono/zod-openapi";
import { Hono } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../../http/app-env";
import { notFound, PROBLEMS, type ProblemCode, problemSlug } from "../../http/problem";
import type { Api } from "../../openapi/api";
import { open, problem } from "../../openapi/responses";

const BY_SLUG = new Map(
  (Object.keys(PROBLEMS) as ProblemCode[]).map((code) => [problemSlug(code), { code, ...PROBLEMS[code] }]),
);

export const getProblemPageRoute = createRoute({
  operationId: "getProblemType",
  method: "get",
  path: "/problems/{slug}",
  summary: "What a problem type means (no key)",
  description:
    "The page behind each problem `type` URI: HTML for a person, JSON (type, code, status, title, description) for `Accept: application/json`.",
  tags: ["Operations"],
  security: open,
  request: {
    params: z.object({
      slug: z.string().openapi({ enum: [...BY_SLUG.keys()], example: "validation-error" }),
    }),
  },
  responses: {
    200: {
      description: "The problem type.",
      content: {
        "text/html": { schema: z.string() },
        "application/json": {
          schema: z
            .object({
              type: z.string(),
              code: z.string(),
              status: z.number().int(),
              title: z.string(),
              description: z.string(),
            })
            .openapi("ProblemType"),
        },
      },
    },
    404: problem("No such problem type.", 404),
  },
});

/** GET /problems/{slug} in the document, and its handler (plain: it negotiates HTML or JSON). */
export function registerGetProblemPage(api: Api): void {
  api.openAPIRegistry.registerPath(getProblemPageRoute);
  api.route("/problems", problemPageRoutes());
}

/**
 * GET /problems/{slug}: what a problem `type` URI names, without a key. A short HTML page for a
 * person who follows the link; JSON (code, status, title, description) for `Accept: application/json`.
 */
export function problemPageRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get("/:slug", (c) => {
    const problem = BY_SLUG.get(c.req.param("slug"));
    if (!problem) throw notFound("problem type");
    const type = `/problems/${problemSlug(problem.code)}`;
    c.header("Cache-Control", "public, max-age=86400");
    c.header("Vary", "Accept");
    const accept = c.req.header("accept") ?? "";
    if (/application\/(?:[\w.+-]+\+)?json/i.test(accept) && !/text\/html/i.test(accept)) {
      return c.json({
        type,
        code: problem.code,
        status: problem.status,
        title: problem.title,
        description: problem.help,
      });
    }
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    return c.html(
      html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${problem.status} ${problem.title} (${problem.code}) · Cartax API</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}code{background:#f2f2f2;padding:0 .2em}</style>
</head>
<body>
<h1>${problem.title}</h1>
<p>HTTP status <strong>${problem.status}</strong>, problem code <code>${problem.code}</code>, type <code>${type}</code>.</p>
<p>${problem.help}</p>
<p>Every error of the Cartax API is an RFC 9457 problem details object (<code>application/problem+json</code>) with a stable <code>code</code> and an <code>instance</code> naming the request. The API reference is at <a href="/docs">/docs</a>.</p>
</body>
</html>`,
    );
  });
  return routes;
}
