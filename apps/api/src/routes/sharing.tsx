import { type Context, Hono } from "hono";
import type { AppEnv, ServiceContext } from "../http/app-env";
import { authenticate } from "../http/authenticate";
import { notFound } from "../http/problem";
import { uuidQuery } from "../http/uuid-param";
import { CarPage } from "../public-page/car-page";
import { NotFoundPage } from "../public-page/not-found-page";
import { setPublicPageHeaders } from "../public-page/page-headers";
import { pageLanguage } from "../public-page/page-texts";
import { todayInBelgium } from "./tax-matrix";

/** GET /v1/PublicLink?cardetailid= (docs/contract.md, Endpoints): 200 with the public URI in Location. */
export function publicLinkRoutes(service: ServiceContext) {
  const routes = new Hono<AppEnv>();
  routes.get("/", authenticate(service, { calculation: false }), async (c) => {
    const subscription = c.get("subscription");
    const id = uuidQuery("cardetailid", c.req.queries("cardetailid"));
    if (!(await service.storage.carDetails.get(subscription.ownerId, id))) throw notFound(`car detail ${id}`);
    const token = await service.storage.publicLinks.tokenFor(subscription.ownerId, id);
    const url = `${service.publicBaseUrl}/p/${token}`;
    c.header("Location", url);
    return c.json({ url });
  });
  return routes;
}

/**
 * GET /p/{token} (and /p/{token}/): the public page, without a key. An unknown token answers 404
 * with a page in the visitor's language (a person follows this link, not a program).
 */
export function publicPageRoutes(service: ServiceContext) {
  const routes = new Hono<AppEnv>();
  const page = async (c: Context<AppEnv>) => {
    const token = c.req.param("token") ?? "";
    const language = pageLanguage(c.req.query("lang"), c.req.header("accept-language"));
    setPublicPageHeaders(c, language);
    const stored = await service.storage.publicLinks.resolve(token);
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
    );
  };
  routes.get("/:token", page);
  routes.get("/:token/", page);
  return routes;
}
