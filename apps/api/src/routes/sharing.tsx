import { Hono } from "hono";
import type { AppEnv, ServiceContext } from "../http/app-env";
import { authenticate } from "../http/authenticate";
import { notFound } from "../http/problem";
import { uuidQuery } from "../http/uuid-param";
import { CarPage } from "../public-page/car-page";
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

/** GET /p/{token}: the public page, without a key. */
export function publicPageRoutes(service: ServiceContext) {
  const routes = new Hono<AppEnv>();
  routes.get("/:token", async (c) => {
    const token = c.req.param("token");
    const stored = await service.storage.publicLinks.resolve(token);
    if (!stored) throw notFound("public page");
    const language = pageLanguage(c.req.query("lang"), c.req.header("accept-language"));
    c.header("Content-Language", language);
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:",
    );
    c.header("Vary", "Accept-Language");
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
  });
  return routes;
}
