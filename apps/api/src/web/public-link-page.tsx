import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../http/app-env";
import { todayInBelgium } from "../http/belgian-date";
import type { Api } from "../openapi/api";
import { open } from "../openapi/responses";
import { CarPage } from "./car-page/car-page";
import { comparisonPageHtml } from "./comparison-page/comparison-page";
import { readSharedComparison } from "./comparison-page/shared-comparison";
import { NotFoundPage } from "./kit/not-found-page";
import { setPublicPageHeaders } from "./kit/page-headers";
import { pageLanguage } from "./kit/page-texts";

/*
 * The page behind a public link (GET /v1/PublicLink): a car's or a comparison's. It sits at the root
 * of the web wing, not in a page's folder, because it is the one place that chooses between two
 * pages; the pages themselves never import each other.
 */

export const getPublicPageRoute = createRoute({
  operationId: "getPublicPage",
  method: "get",
  path: "/p/{token}",
  summary: "The public page of a car detail or of a comparison (no key)",
  description:
    "HTML in nl, fr or en (`?lang=` or Accept-Language). A car's link: tax summary, specifications, the date the figures are for. A comparison's link: the ranking, one row per car with its totals over the holding period, every tax year by year with its legal source and years under assumed rules marked, as the comparison answered them. `/p/{token}/` serves the same page.",
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

/** GET /p/{token}: the public page of a car or a comparison, without a key. */
export function registerGetPublicPage(api: Api, service: ServiceContext): void {
  api.openapi(getPublicPageRoute, async (c) => {
    const { token } = c.req.valid("param");
    const language = pageLanguage(c.req.query("lang"), c.req.header("accept-language"));
    setPublicPageHeaders(c, language);
    const url = `${service.publicBaseUrl}/p/${token}`;
    const stored = await service.storage.publicLinks.resolve(token);
    if (stored) {
      return c.html(
        `<!doctype html>${(<CarPage car={stored.car} language={language} today={todayInBelgium()} url={url} />).toString()}`,
        200,
      );
    }
    const link = await service.storage.publicLinks.resolveComparison(token);
    const record = link && (await service.storage.comparisons.get(link.ownerId, link.comparisonId));
    if (record) {
      return c.html(comparisonPageHtml({ comparison: readSharedComparison(record), language, url }), 200);
    }
    // A person follows this link, not a program: an unknown token answers a page in their language.
    return c.html(`<!doctype html>${(<NotFoundPage language={language} />).toString()}`, 404);
  });
}
