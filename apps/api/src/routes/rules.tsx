import { type BookPage, type Language, ruleBook } from "@cartax/engine";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { pageLanguage } from "../public-page/page-texts";
import { BookIndex, BookNotFound, BookPageView } from "../rule-book-page/book-views";

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
