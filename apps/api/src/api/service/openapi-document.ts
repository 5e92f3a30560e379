import { RULES_VERSION } from "@cartax/engine";
import { createRoute, z } from "@hono/zod-openapi";
import { KEY_HEADER, KEY_QUERY } from "../../http/authenticate";
import { conditionalJson, entityTag } from "../../http/conditional";
import { MAX_BODY_BYTES } from "../../http/read-json-body";
import type { Api } from "../../openapi/api";
import { etagHeader, ifNoneMatchQuery, notModified } from "../../openapi/conditional-headers";
import { IDEMPOTENCY_KEY_PARAMETER, idempotencyKeyParameter, open } from "../../openapi/responses";

export const DOCUMENT_PATH = "/v1/openapi.json";

/**
 * The document's own fields around the routes' descriptions. Its server is relative (`/`): a
 * reader resolves it against the address it read the document from, so /docs "Try it out" calls
 * the service it was opened on (http://127.0.0.1:3000 as the README starts it, or the public
 * host), never another origin the browser would refuse or the operator does not run.
 */
export const documentConfig = () => ({
  openapi: "3.1.0",
  info: {
    title: "Cartax: Belgian company-car taxation",
    version: "1",
    description: [
      "Registration tax, yearly road tax, benefit in kind, fiscal deductibility, rejected expenses and",
      "the CO2 employer contribution for every region, profile and date, each line with its legal source.",
      `Rules version ${RULES_VERSION}. Errors are RFC 9457 problem details (application/problem+json)`,
      "with a stable `code`; validation errors list `errors: [{field, rule, message}]`.",
      `Bodies are limited to ${MAX_BODY_BYTES} bytes.`,
      "Changes, dated and marked additive or breaking: [changelog](https://github.com/cartax/cartax/blob/main/docs/changelog.md).",
    ].join(" "),
    license: { name: "MIT", identifier: "MIT" },
    contact: { name: "Cartax maintainers", url: "https://github.com/cartax/cartax/issues" },
  },
  servers: [{ url: "/", description: "The service this document was read from (its origin)." }],
  tags: [
    { name: "Car details", description: "The cars of an account." },
    { name: "Calculation", description: "Taxes of a car for a profile and a date." },
    { name: "Sharing", description: "Public pages and QR codes of a car." },
    { name: "Rule book", description: "The law behind the figures, as HTML pages (beyond the spec)." },
    { name: "Operations", description: "Health, metrics, problem types and this document." },
  ],
});

const getOpenApiDocumentRoute = createRoute({
  operationId: "getOpenApiDocument",
  method: "get",
  path: DOCUMENT_PATH,
  summary: "This document",
  tags: ["Operations"],
  security: open,
  request: { headers: ifNoneMatchQuery },
  responses: {
    200: {
      description: "OpenAPI 3.1 document.",
      headers: etagHeader,
      content: {
        "application/json": {
          schema: z.object({}).passthrough().openapi({ description: "An OpenAPI 3.1 document." }),
        },
      },
    },
    ...notModified,
  },
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null;

/**
 * A property's default said in its description instead of a `default` keyword. openapi-typescript,
 * run with its defaults (`defaultNonNullable`), types a property that has a `default` as required,
 * so a request that leaves it out (the README's quick start leaves out `isActive`) would not
 * compile; the service applies the default whatever a generator does.
 */
function defaultInDescription(property: unknown): unknown {
  if (!isNode(property) || !("default" in property)) return property;
  const { default: value, ...rest } = property;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const described = typeof rest.description === "string" ? rest.description : "";
  // A description that already gives the value ("Pixels; default 500; …") is left as it is.
  if (described.toLowerCase().includes(`default ${text}`.toLowerCase())) return rest;
  const said = `Default: ${JSON.stringify(value)}.`;
  return { ...rest, description: described ? `${described} ${said}` : said };
}

/**
 * The document as clients read it. The generator writes an optional, nullable named schema as
 * `allOf: [{$ref}, {type: ["object", "null"]}]`, which generated clients type as the schema AND
 * "an object or null" (openapi-typescript: `CarDetailInput & (Record<string, never> | null)`,
 * unusable); this writes it as what it means, `anyOf: [{$ref}, {type: "null"}]`. Properties'
 * defaults move to their descriptions (defaultInDescription).
 */
export function normaliseDocument<T>(document: T): T {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isNode(node)) return node;
    const out: Node = {};
    for (const [key, value] of Object.entries(node)) out[key] = visit(value);
    if (isNode(out.properties) && (out.type === "object" || out.type === undefined)) {
      out.properties = Object.fromEntries(
        Object.entries(out.properties).map(([name, property]) => [name, defaultInDescription(property)]),
      );
    }
    const allOf = out.allOf;
    if (Array.isArray(allOf) && allOf.length === 2 && isNode(allOf[0]) && "$ref" in allOf[0]) {
      const { type, ...rest } = isNode(allOf[1]) ? allOf[1] : {};
      if (Array.isArray(type) && type.includes("null") && Object.keys(rest).length === 0) {
        delete out.allOf;
        out.anyOf = [allOf[0], { type: "null" }];
      }
    }
    return out;
  };
  return visit(document) as T;
}

/**
 * The security schemes, the document's own description and `GET /v1/openapi.json`: the
 * document @hono/zod-openapi generates from the routes (what `app.doc31` serves), normalised once
 * and kept (it only changes with the code).
 */
export function registerOpenApiDocument(api: Api): void {
  api.openAPIRegistry.registerComponent("securitySchemes", "subscriptionKey", {
    type: "apiKey",
    in: "query",
    name: KEY_QUERY,
    description: "Subscription key (guaranteed way).",
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "subscriptionKeyHeader", {
    type: "apiKey",
    in: "header",
    name: KEY_HEADER,
    description: "Subscription key in the gateway's header.",
  });
  // The Idempotency-Key header, which every POST but the batch names by reference.
  api.openAPIRegistry.registerComponent("parameters", IDEMPOTENCY_KEY_PARAMETER, idempotencyKeyParameter);
  api.openAPIRegistry.registerPath(getOpenApiDocumentRoute);
  let document: { text: string; tag: string } | undefined;
  api.get(DOCUMENT_PATH, (c) => {
    if (!document) {
      const text = JSON.stringify(normaliseDocument(api.getOpenAPI31Document(documentConfig())));
      document = { text, tag: entityTag(text) };
    }
    return conditionalJson(c, document.text, {}, document.tag);
  });
}
