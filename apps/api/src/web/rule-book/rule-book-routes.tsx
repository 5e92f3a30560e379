import { type BookPage, type Language, ruleBook } from "@cartax/engine";
import { createRoute, z } from "@hono/zod-openapi";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { open } from "../../openapi/responses";
import { pageLanguage } from "../kit/page-texts";
import { BookIndex, BookNotFound, BookPageView } from "./book-views";

const html = (description: string) => ({ description, content: { "text/html": { schema: z.string() } } });
const lang = z.object({
  lang: z.string().optional().openapi({ description: "nl, fr or en; else Accept-Language." }),
});

/** The rule book's pages as the OpenAPI document shows them (no key; beyond the spec). */
export const ruleBookRouteDescriptions = [
  createRoute({
    operationId: "getRuleBook",
    method: "get",
    path: "/rules",
    summary: "The rule book: index (no key; beyond the spec)",
    description:
      "HTML in nl, fr or en (`?lang=` or Accept-Language): one page per tax and region with what the law says, the formula and every parameter by date with its sources. The same book as `docs/rules/`.",
    tags: ["Rule book"],
    security: open,
    request: { query: lang },
    responses: { 200: html("The index."), 404: html("Not in the rule book (an HTML page).") },
  }),
  createRoute({
    operationId: "getRuleBookPage",
    method: "get",
    path: "/rules/{region}/{tax}",
    summary: "A page of the rule book: one tax in one region (no key; beyond the spec)",
    description:
      "`region` is flanders, wallonia, brussels or federal; `tax` is registration-tax, annual-road-tax, benefit-in-kind, deduction, rejected-expenses or co2-contribution. Each parameter has an anchor.",
    tags: ["Rule book"],
    security: open,
    request: { params: z.object({ region: z.string(), tax: z.string() }), query: lang },
    responses: { 200: html("The page."), 404: html("Not in the rule book (an HTML page).") },
  }),
  createRoute({
    operationId: "getRuleBookParameter",
    method: "get",
    path: "/rules/{region}/{tax}/{parameter}",
    summary: "The stable address of a parameter in the rule book (no key; beyond the spec)",
    description:
      "Redirects to the parameter's anchor on its page (`?lang=` is kept). The `ruleBookUrl` of a line's `parameters` is such an address.",
    tags: ["Rule book"],
    security: open,
    request: {
      params: z.object({ region: z.string(), tax: z.string(), parameter: z.string() }),
      query: lang,
    },
    responses: {
      302: { description: "To `/rules/{region}/{tax}#{parameter}`." },
      404: html("Not in the rule book (an HTML page)."),
    },
  }),
];

/**
 * The rule book under /rules with its three operations in the document. The handlers stay plain
 * routes: every path under /rules, documented or not, answers HTML (a 404 page too), never a
 * validation problem.
 */
export function registerRuleBook(api: Api): void {
  for (const route of ruleBookRouteDescriptions) api.openAPIRegistry.registerPath(route);
  api.route("/rules", ruleBookRoutes());
}

/**
 * GET /rules: the rule book as HTML, without a key (not in the spec): an index, one page per tax
 * and region (`/rules/flanders/registration-tax`) with an anchor per parameter, and a stable address
 * per parameter (`/rules/flanders/registration-tax/q`) that redirects to its anchor. Language by
 * `?lang=`, then Accept-Language; self-contained like the public page (no script, no external
 * request). Anything else under /rules is a 404 HTML page.
 */
export function ruleBookRoutes() {
  const routes = new Hono<AppEnv>();
  // The parameters are the engine's, fixed for the life of the process.
  const pages = ruleBook();
  const byPath = new Map<string, BookPage>(pages.map((page) => [page.path, page]));
  const languageOf = (c: Context<AppEnv>): Language =>
    pageLanguage(c.req.query("lang"), c.req.header("accept-language"));
  const send = (c: Context<AppEnv>, language: Language, node: unknown, status: 200 | 404 = 200) => {
    c.header("Content-Language", language);
    c.header("Cache-Control", status === 200 ? "public, max-age=300" : "no-store");
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    c.header("Vary", "Accept-Language");
    return c.html(`<!doctype html>${String(node)}`, status);
  };
  const notFound = (c: Context<AppEnv>) => {
    const language = languageOf(c);
    return send(c, language, <BookNotFound language={language} />, 404);
  };

  routes.get("/", (c) => {
    const language = languageOf(c);
    return send(c, language, <BookIndex pages={pages} language={language} />);
  });
  routes.get("/:region/:tax", (c) => {
    const page = byPath.get(`${c.req.param("region")}/${c.req.param("tax")}`);
    if (!page) return notFound(c);
    const language = languageOf(c);
    return send(c, language, <BookPageView page={page} language={language} />);
  });
  routes.get("/:region/:tax/:parameter", (c) => {
    const path = `${c.req.param("region")}/${c.req.param("tax")}`;
    const anchor = c.req.param("parameter");
    const page = byPath.get(path);
    if (!page?.parameters.some((p) => p.anchor === anchor)) return notFound(c);
    const lang = c.req.query("lang");
    const query = lang === "nl" || lang === "fr" || lang === "en" ? `?lang=${lang}` : "";
    return c.redirect(`/rules/${path}${query}#${anchor}`, 302);
  });
  routes.get("*", notFound);
  return routes;
}
