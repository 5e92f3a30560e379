import {
  type CarDetailBody,
  carDetailSchema,
  fieldErrorsOf,
  PRICE_BASIS_HEADER,
  validationProblem,
} from "@cartax/schemas";
import { Hono } from "hono";
import type { AppEnv, ServiceContext } from "../http/app-env";
import { authenticate } from "../http/authenticate";
import { priceBasisOf } from "../http/price-basis";
import { notFound, validationError } from "../http/problem";
import { readJsonBody } from "../http/read-json-body";
import { uuidParam } from "../http/uuid-param";
import { carDetailView, carExcludingVat } from "./car-detail-view";

/** Validates a CarDetail body: 400 with every offending field and the rule it broke. */
export function parseCarDetailBody(body: unknown, prefix: readonly string[] = []): CarDetailBody {
  const parsed = carDetailSchema.safeParse(body, { reportInput: true });
  if (!parsed.success) throw validationError(validationProblem(fieldErrorsOf(parsed.error, prefix)));
  return parsed.data;
}

/** GET, POST and PUT /v1/CarDetails (docs/contract.md, Endpoints). */
export function carDetailRoutes(service: ServiceContext) {
  const routes = new Hono<AppEnv>();
  const location = (id: string) => `${service.publicBaseUrl}/v1/CarDetails/${id}`;
  // On each route, not on every path: a method the path does not answer gets 405, key or not.
  const auth = authenticate(service, { calculation: false });
  // Every car answered carries its price excluding VAT, whatever the subscription sends: say so.
  routes.use("*", async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set(PRICE_BASIS_HEADER, "excl-vat");
  });

  routes.get("/:carDetailId", auth, async (c) => {
    const id = uuidParam("carDetailId", c.req.param("carDetailId"));
    const stored = await service.storage.carDetails.get(c.get("subscription").ownerId, id);
    if (!stored) throw notFound(`car detail ${id}`);
    return c.json(carDetailView(stored));
  });

  routes.post("/", auth, async (c) => {
    const subscription = c.get("subscription");
    const car = carExcludingVat(parseCarDetailBody(await readJsonBody(c)), subscription, priceBasisOf(c));
    const stored = await service.storage.carDetails.create(subscription.ownerId, car);
    c.header("Location", location(stored.id));
    return c.json(carDetailView(stored), 201);
  });

  routes.put("/:carDetailId", auth, async (c) => {
    const subscription = c.get("subscription");
    const id = uuidParam("carDetailId", c.req.param("carDetailId"));
    const car = carExcludingVat(parseCarDetailBody(await readJsonBody(c)), subscription, priceBasisOf(c));
    const { created, carDetail } = await service.storage.carDetails.put(subscription.ownerId, id, car);
    c.header("Location", location(carDetail.id));
    return c.json(carDetailView(carDetail), created ? 201 : 200);
  });

  return routes;
}
