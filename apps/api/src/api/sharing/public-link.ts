import { validationProblem } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { notFound, ProblemError, validationError } from "../../http/problem";
import type { Api } from "../../openapi/api";
import { json, problem, problems, secured } from "../../openapi/responses";

const publicUri = { description: "The public URI.", schema: { type: "string" as const, format: "uri" } };

/** An optional GUID query parameter, lower-cased (a malformed one is a 400 with rule `uuid`). */
const optionalGuid = (name: string, description: string) =>
  z
    .guid()
    .transform((value) => value.toLowerCase())
    .optional()
    .openapi({
      param: { name, in: "query", required: false },
      description,
      example: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    });

export const getPublicLinkRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "getPublicLink",
    method: "get",
    path: "/v1/PublicLink",
    summary: "The public URI of a car detail or of a saved comparison",
    description:
      "200 with the URI in the Location header (and as `url` in the body). The URI holds an unguessable token, the same on every call, valid as long as the car detail (or comparison) exists; the page behind it opens without a key. Give `cardetailid` (the spec's call) or, beyond the spec, `comparisonid` (a comparison saved by POST /v1/Compare), not both. A comparison's link needs calculation access, as reading the comparison does.",
    tags: ["Sharing"],
    security: secured,
    middleware: [authenticate(service, { calculation: false })] as const,
    request: {
      query: z.object({
        cardetailid: optionalGuid(
          "cardetailid",
          "The car detail id (all lower case name). Required unless comparisonid is given.",
        ),
        comparisonid: optionalGuid(
          "comparisonid",
          "Beyond the spec: the comparisonId of a comparison saved by POST /v1/Compare (all lower case name), instead of cardetailid. Needs calculation access.",
        ),
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
      404: problem("No car detail (or comparison) with that id in this account.", 404),
      500: problems[500],
    },
  });

/** A 400 naming a query parameter and its rule, as the validation hook answers one. */
const queryProblem = (field: string, rule: string, message: string) =>
  validationError(validationProblem([{ field, rule, message }]));

/**
 * GET /v1/PublicLink?cardetailid= (docs/contract.md, Endpoints): 200 with the public URI in
 * Location. Beyond the spec, `?comparisonid=` answers the link of a comparison the account saved
 * (with calculation access, as reading it needs); the two parameters exclude each other.
 */
export function registerGetPublicLink(api: Api, service: ServiceContext): void {
  api.openapi(getPublicLinkRoute(service), async (c) => {
    const subscription = c.get("subscription");
    const { cardetailid, comparisonid } = c.req.valid("query");
    let token: string;
    if (comparisonid !== undefined) {
      if (cardetailid !== undefined)
        throw queryProblem("comparisonid", "oneOf", "give cardetailid or comparisonid, not both");
      if (!subscription.calculationAccess)
        throw new ProblemError("unauthorized", "the subscription has no calculation access");
      if (!(await service.storage.comparisons.get(subscription.ownerId, comparisonid)))
        throw notFound(`comparison ${comparisonid}`);
      token = await service.storage.publicLinks.tokenForComparison(subscription.ownerId, comparisonid);
    } else {
      // Neither parameter: the spec's call without its parameter, answered as before.
      if (cardetailid === undefined) throw queryProblem("cardetailid", "required", "cardetailid is required");
      if (!(await service.storage.carDetails.get(subscription.ownerId, cardetailid)))
        throw notFound(`car detail ${cardetailid}`);
      token = await service.storage.publicLinks.tokenFor(subscription.ownerId, cardetailid);
    }
    const url = `${service.publicBaseUrl}/p/${token}`;
    c.header("Location", url);
    return c.json({ url }, 200);
  });
}
