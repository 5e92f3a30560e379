import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../http/app-env";
import { authenticate } from "../http/authenticate";
import { notFound } from "../http/problem";
import { guid, json, open, problem, problems, secured } from "../openapi/responses";
import { CarPage } from "../public-page/car-page";
import { NotFoundPage } from "../public-page/not-found-page";
import { setPublicPageHeaders } from "../public-page/page-headers";
import { pageLanguage } from "../public-page/page-texts";
import type { Api } from "./api";
import { todayInBelgium } from "./tax-matrix";

const publicUri = { description: "The public URI.", schema: { type: "string" as const, format: "uri" } };

export const getPublicLinkRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "getPublicLink",
    method: "get",
    path: "/v1/PublicLink",
    summary: "The public URI of a car detail",
    description:
      "200 with the URI in the Location header (and as `url` in the body). The URI holds an unguessable token, the same on every call, valid as long as the car detail exists; the page behind it opens without a key.",
    tags: ["Sharing"],
    security: secured,
    middleware: [authenticate(service, { calculation: false })] as const,
    request: {
      query: z.object({
        cardetailid: guid("cardetailid", "query", "The car detail id (all lower case name)."),
      }),
    },
    responses: {
      200: json("The public URI.", z.object({ url: z.url() }).openapi("PublicLink"), {
        headers: { Location: publicUri },
        example: { url: "https://api.example.be/p/8Kq2vQ0cX1mZ7rT4yW9bNe" },
      }),
      400: problems[400],
      401: problems[401],
      429: problems[429],
      404: problem("No car detail with that id in this account.", 404),
      500: problems[500],
    },
  });

/** GET /v1/PublicLink?cardetailid= (docs/contract.md, Endpoints): 200 with the public URI in Location. */
export function registerGetPublicLink(api: Api, service: ServiceContext): void {
  api.openapi(getPublicLinkRoute(service), async (c) => {
    const subscription = c.get("subscription");
    const id = c.req.valid("query").cardetailid;
    if (!(await service.storage.carDetails.get(subscription.ownerId, id))) throw notFound(`car detail ${id}`);
    const token = await service.storage.publicLinks.tokenFor(subscription.ownerId, id);
    const url = `${service.publicBaseUrl}/p/${token}`;
    c.header("Location", url);
    return c.json({ url }, 200);
  });
}

export const getPublicPageRoute = createRoute({
  operationId: "getPublicPage",
  method: "get",
  path: "/p/{token}",
  summary: "The public page of a car detail (no key)",
  description:
    "HTML in nl, fr or en (`?lang=` or Accept-Language): tax summary, specifications, the date the figures are for. `/p/{token}/` serves the same page.",
  tags: ["Sharing"],
  security: open,
  request: {
    params: z.object({
      token: z
        .string()
        .openapi({ description: "The token of a public link.", example: "8Kq2vQ0cX1mZ7rT4yW9bNe" }),
    }),
  },
  responses: {
    200: { description: "The page.", content: { "text/html": { schema: z.string() } } },
    404: {
      description: "Unknown link: a short page in the visitor's language (HTML, not problem details).",
      content: { "text/html": { schema: z.string() } },
    },
  },
});

/** GET /p/{token}: the public page, without a key. */
export function registerGetPublicPage(api: Api, service: ServiceContext): void {
  api.openapi(getPublicPageRoute, async (c) => {
    const { token } = c.req.valid("param");
    const language = pageLanguage(c.req.query("lang"), c.req.header("accept-language"));
    setPublicPageHeaders(c, language);
    const stored = await service.storage.publicLinks.resolve(token);
    // A person follows this link, not a program: an unknown token answers a page in their language.
    if (!stored) return c.html(`<!doctype html>${(<NotFoundPage language={language} />).toString()}`, 404);
    return c.html(
      `<!doctype html>${(
        (
          <CarPage
            car={stored.car}
            language={language}
            today={todayInBelgium()}
            url={`${service.publicBaseUrl}/p/${token}`}
          />
        )
      ).toString()}`,
      200,
    );
  });
}
