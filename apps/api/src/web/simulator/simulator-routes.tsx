import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Language } from "@cartax/engine";
import { createRoute, z } from "@hono/zod-openapi";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import type { Api } from "../../openapi/api";
import { open } from "../../openapi/responses";
import { pageLanguage } from "../kit/page-texts";
import { valuesOfQuery } from "./simulator-fields";
import { SimulatorPage } from "./simulator-page";

const html = (description: string) => ({ description, content: { "text/html": { schema: z.string() } } });

/** The simulator's pages as the OpenAPI document shows them (no key; beyond the spec). */
export const simulatorRouteDescriptions = [
  createRoute({
    operationId: "getSimulator",
    method: "get",
    path: "/simulator",
    summary: "The six-tax simulator: to the page in the reader's language (no key; beyond the spec)",
    description:
      "Redirects to `/simulator/{lang}` (`?lang=`, else Accept-Language, else en), keeping the inputs of the query.",
    tags: ["Simulator"],
    security: open,
    responses: { 302: { description: "To `/simulator/{lang}`." } },
  }),
  createRoute({
    operationId: "getSimulatorPage",
    method: "get",
    path: "/simulator/{lang}",
    summary: "The six-tax simulator in nl, fr or en (no key; beyond the spec)",
    description:
      "HTML: a form for the car and the taxpayer, and every line of the six calculators for the year and the next, with the cost over the years. The figures are computed in the browser by `@cartax/engine` (no request to this service while typing) and equal POST /v1/Calculate's and POST /v1/Projection's (`assumeLatestRules: true`) for the same input. The query holds the inputs (the names of the CarDetail, UserProfile and CalculationOptions fields, and `years`): a shared link opens the same simulation.",
    tags: ["Simulator"],
    security: open,
    request: { params: z.object({ lang: z.enum(["nl", "fr", "en"]) }) },
    responses: { 200: html("The page."), 404: html("Not a language of the simulator.") },
  }),
  createRoute({
    operationId: "getSimulatorScript",
    method: "get",
    path: "/simulator/simulator.js",
    summary:
      "The simulator's browser program: @cartax/engine and the page's script (no key; beyond the spec)",
    description:
      "JavaScript (an ES module, minified): the engine with its parameters and the simulator's form logic, at most 150 KB gzip. The same file is in the static build (`pnpm build:site`).",
    tags: ["Simulator"],
    security: open,
    responses: {
      200: { description: "The script.", content: { "text/javascript": { schema: z.string() } } },
      404: { description: "The script is not built." },
    },
  }),
];

/** The policy of the page: its own script and styles only, and no request anywhere (connect-src 'none'). */
export const SIMULATOR_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'none'; base-uri 'none'; form-action 'self'";

/** The folder of this package (src/routes or dist both sit one or two levels below it). */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** The built browser program (`tsup --config tsup.simulator.config.ts`), read once. */
let script: Buffer | null | undefined;
function simulatorScript(): Buffer | null {
  if (script === undefined) {
    const file = path.join(packageRoot(), "dist/simulator/simulator.js");
    script = fs.existsSync(file) ? fs.readFileSync(file) : null;
  }
  return script;
}

/** GET /simulator, /simulator/{lang} and the browser program /simulator/simulator.js. */
export function registerSimulator(api: Api): void {
  for (const route of simulatorRouteDescriptions) api.openAPIRegistry.registerPath(route);
  api.route("/simulator", simulatorRoutes());
}

export function simulatorRoutes() {
  const routes = new Hono<AppEnv>();
  const query = (c: Context<AppEnv>) => new URL(c.req.url).searchParams;
  routes.get("/", (c) => {
    const language = pageLanguage(c.req.query("lang"), c.req.header("accept-language"));
    const rest = query(c);
    rest.delete("lang");
    const tail = rest.toString();
    c.header("Vary", "Accept-Language");
    return c.redirect(`/simulator/${language}${tail ? `?${tail}` : ""}`, 302);
  });
  routes.get("/simulator.js", (c) => {
    const body = simulatorScript();
    if (!body) return c.text("the simulator's script is not built (pnpm build)", 404);
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=300");
    return c.body(new Uint8Array(body));
  });
  routes.get("/:lang", (c) => {
    const lang = c.req.param("lang");
    if (lang !== "nl" && lang !== "fr" && lang !== "en") return c.notFound();
    const language: Language = lang;
    c.header("Content-Language", language);
    c.header("Cache-Control", "public, max-age=300");
    c.header("Content-Security-Policy", SIMULATOR_POLICY);
    const values = valuesOfQuery(query(c));
    return c.html(`<!doctype html>${String(<SimulatorPage language={language} values={values} />)}`);
  });
  return routes;
}
