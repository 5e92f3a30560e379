import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { RULES_VERSION } from "@cartax/engine";
import {
  calculationRecordSchema,
  calculationRequestSchema,
  calculationResultSchema,
  carDetailResponseSchema,
  carDetailSchema,
  PRICE_BASIS_HEADER,
  priceBasisSchema,
  problemSchema,
  taxMatrixResultSchema,
} from "@cartax/schemas";
import { z } from "zod";
import { KEY_HEADER, KEY_QUERY, WWW_AUTHENTICATE } from "../http/authenticate";
import { PRICE_BASIS_QUERY } from "../http/price-basis";
import { PROBLEMS, type ProblemCode, problemSlug } from "../http/problem";
import { MAX_BODY_BYTES } from "../http/read-json-body";
import {
  calculationRequestExample,
  carDetailExample,
  carDetailResponseExample,
  problemExampleFor,
} from "./examples";

/** A problem response; its example is a problem of that status (a test checks both agree). */
const problem = (description: string, status: number): ResponseConfig => ({
  description,
  content: { "application/problem+json": { schema: problemSchema, example: problemExampleFor(status) } },
});
const json = (
  description: string,
  schema: z.ZodType,
  headers?: ResponseConfig["headers"],
  example?: unknown,
): ResponseConfig => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema, ...(example === undefined ? {} : { example }) } },
});
const priceBasisHeader = {
  [PRICE_BASIS_HEADER]: {
    description: "Always excl-vat: the basis of the catalogPrice answered (see catalogPrice).",
    schema: { type: "string" as const, enum: ["excl-vat"] },
  },
};
const location = {
  Location: { description: "URI of the car detail.", schema: { type: "string" as const } },
  ...priceBasisHeader,
};
const priceBasisQuery = z.object({ [PRICE_BASIS_QUERY]: priceBasisSchema.optional() });
const errors = {
  400: problem("Invalid request: the `errors` array names each field and the rule it broke.", 400),
  401: {
    ...problem("Missing or invalid key, inactive subscription (or missing calculation access).", 401),
    headers: {
      "WWW-Authenticate": {
        description: `Always ${WWW_AUTHENTICATE}: the key goes in the header or the query parameter named.`,
        schema: { type: "string" as const },
      },
    },
  },
  413: problem(`Body larger than ${MAX_BODY_BYTES} bytes.`, 413),
  415: problem("Content-Type is not application/json.", 415),
  500: problem("Server fault; retry later.", 500),
};
const uuidPath = (name: string) => z.object({ [name]: z.guid() });
const body = (schema: z.ZodType, example: unknown) => ({
  required: true,
  content: { "application/json": { schema, example } },
});
const secured: Record<string, string[]>[] = [{ subscriptionKey: [] }, { subscriptionKeyHeader: [] }];

/** Every route of the service, as the OpenAPI document shows it (a test checks the app agrees). */
export const DOCUMENTED_ROUTES: readonly RouteConfig[] = [
  {
    method: "get",
    path: "/v1/CarDetails/{carDetailId}",
    summary: "Read a car detail",
    tags: ["Car details"],
    security: secured,
    request: { params: uuidPath("carDetailId") },
    responses: {
      200: json("The car detail.", carDetailResponseSchema, priceBasisHeader, carDetailResponseExample),
      400: errors[400],
      401: errors[401],
      404: problem("No car detail with that id in this account.", 404),
      500: errors[500],
    },
  },
  {
    method: "post",
    path: "/v1/CarDetails",
    summary: "Create a car detail",
    description: "Any id or ownerId in the body is ignored; the service assigns them.",
    tags: ["Car details"],
    security: secured,
    request: { query: priceBasisQuery, body: body(carDetailSchema, carDetailExample) },
    responses: {
      201: json("Created.", carDetailResponseSchema, location, carDetailResponseExample),
      400: errors[400],
      401: errors[401],
      413: errors[413],
      415: errors[415],
      500: errors[500],
    },
  },
  {
    method: "put",
    path: "/v1/CarDetails/{carDetailId}",
    summary: "Create or update a car detail at an id (idempotent upsert)",
    description: "Ids are scoped per account: another account's record at the same id is never touched.",
    tags: ["Car details"],
    security: secured,
    request: {
      params: uuidPath("carDetailId"),
      query: priceBasisQuery,
      body: body(carDetailSchema, carDetailExample),
    },
    responses: {
      200: json("Updated.", carDetailResponseSchema, location, carDetailResponseExample),
      201: json("Created.", carDetailResponseSchema, location, carDetailResponseExample),
      400: errors[400],
      401: errors[401],
      413: errors[413],
      415: errors[415],
      500: errors[500],
    },
  },
  {
    method: "post",
    path: "/v1/Calculate",
    summary: "Run the taxation calculators for one car and one profile",
    description:
      "Needs calculation access. `carDetail` (inline) wins over `carDetailId`. `viewOptions` absent = 63 (all six). The request and result are saved as an audit record under `calculationId`. `lines` holds only figures: an amount, or the true zero of an exemption (`outcome: exempt`, 0.00). A requested calculator and year without a figure is never a line of 0.00: it is listed in `unavailableLines` with its `outcome` (`missingInput` with `missingFields`: the tax applies but an input is missing; `notApplicable`: the tax does not concern this taxpayer; `rulesNotAvailable`: the rules of that year are not published) and a localised `reason`.",
    tags: ["Calculation"],
    security: secured,
    request: { query: priceBasisQuery, body: body(calculationRequestSchema, calculationRequestExample) },
    responses: {
      200: json("The calculation result.", calculationResultSchema),
      400: errors[400],
      401: errors[401],
      404: problem("carDetailId was given but no such car detail exists in this account.", 404),
      413: errors[413],
      415: errors[415],
      500: errors[500],
    },
  },
  {
    method: "get",
    path: "/v1/Calculations/{calculationId}",
    summary: "Read the audit record of a calculation (not in the spec)",
    description: "What was asked, what was answered and under which rules version. Own account only.",
    tags: ["Calculation"],
    security: secured,
    request: { params: uuidPath("calculationId") },
    responses: {
      200: json("The audit record.", calculationRecordSchema),
      400: errors[400],
      401: errors[401],
      404: problem("No calculation with that id in this account.", 404),
      500: errors[500],
    },
  },
  {
    method: "get",
    path: "/v1/GetTaxMatrix",
    summary: "Registration tax and yearly road tax for every profile and region",
    description:
      "Needs calculation access. Computed for a registration today (Belgian time) unless `registrationDate` is given. Each cell equals Calculate's current-year line for the same inputs; null where there is no amount: an exemption (as the spec says) or no figure (missing input, not applicable, rules not published: Calculate's `unavailableLines` for the same profile say which). A cell is never 0 for a missing figure.",
    tags: ["Calculation"],
    security: secured,
    request: {
      query: z.object({
        id: z.guid().describe("The car detail id."),
        registrationDate: z.string().optional().describe("yyyy-MM-dd; default today in Belgium."),
      }),
    },
    responses: {
      200: json("The tax matrix.", taxMatrixResultSchema),
      400: errors[400],
      401: errors[401],
      404: problem("No car detail with that id in this account.", 404),
      500: errors[500],
    },
  },
  {
    method: "get",
    path: "/v1/PublicLink",
    summary: "The public URI of a car detail",
    description:
      "200 with the URI in the Location header (and as `url` in the body). The URI holds an unguessable token, the same on every call, valid as long as the car detail exists; the page behind it opens without a key.",
    tags: ["Sharing"],
    security: secured,
    request: {
      query: z.object({ cardetailid: z.guid().describe("The car detail id (all lower case name).") }),
    },
    responses: {
      200: json("The public URI.", z.object({ url: z.string() }), {
        Location: { description: "The public URI.", schema: { type: "string" as const } },
      }),
      400: errors[400],
      401: errors[401],
      404: problem("No car detail with that id in this account.", 404),
      500: errors[500],
    },
  },
  {
    method: "get",
    path: "/p/{token}",
    summary: "The public page of a car detail (no key)",
    description:
      "HTML in nl, fr or en (`?lang=` or Accept-Language): tax summary, specifications, the date the figures are for. `/p/{token}/` serves the same page.",
    tags: ["Sharing"],
    request: {
      params: z.object({ token: z.string() }),
      query: z.object({ lang: z.enum(["nl", "fr", "en"]).optional() }),
    },
    responses: {
      200: { description: "The page.", content: { "text/html": { schema: z.string() } } },
      404: {
        description: "Unknown link: a short page in the visitor's language (HTML, not problem details).",
        content: { "text/html": { schema: z.string() } },
      },
    },
  },
  {
    method: "get",
    path: "/rules",
    summary: "The rule book: index (no key; beyond the spec)",
    description:
      "HTML in nl, fr or en (`?lang=` or Accept-Language): one page per tax and region with what the law says, the formula and every parameter by date with its sources. The same book as `docs/rules/` (`cartax rules book`).",
    tags: ["Rule book"],
    request: { query: z.object({ lang: z.enum(["nl", "fr", "en"]).optional() }) },
    responses: { 200: { description: "The index.", content: { "text/html": { schema: z.string() } } } },
  },
  {
    method: "get",
    path: "/rules/{region}/{tax}",
    summary: "A page of the rule book: one tax in one region (no key; beyond the spec)",
    description:
      "`region` is flanders, wallonia, brussels or federal; `tax` is registration-tax, annual-road-tax, benefit-in-kind, deduction, rejected-expenses or co2-contribution. Each parameter has an anchor.",
    tags: ["Rule book"],
    request: {
      params: z.object({ region: z.string(), tax: z.string() }),
      query: z.object({ lang: z.enum(["nl", "fr", "en"]).optional() }),
    },
    responses: {
      200: { description: "The page.", content: { "text/html": { schema: z.string() } } },
      404: {
        description: "Not in the rule book (an HTML page).",
        content: { "text/html": { schema: z.string() } },
      },
    },
  },
  {
    method: "get",
    path: "/rules/{region}/{tax}/{parameter}",
    summary: "The stable address of a parameter in the rule book (no key; beyond the spec)",
    description:
      "Redirects to the parameter's anchor on its page (`?lang=` is kept). The `ruleBookUrl` of a line's `parameters` is such an address.",
    tags: ["Rule book"],
    request: {
      params: z.object({ region: z.string(), tax: z.string(), parameter: z.string() }),
      query: z.object({ lang: z.enum(["nl", "fr", "en"]).optional() }),
    },
    responses: {
      302: { description: "To `/rules/{region}/{tax}#{parameter}`." },
      404: {
        description: "Not in the rule book (an HTML page).",
        content: { "text/html": { schema: z.string() } },
      },
    },
  },
  {
    method: "post",
    path: "/v1/Qr",
    summary: "Generate a QR code image of a car detail's public link",
    description:
      "201 with the image URI in Location (GET it without a key; it lives 24 hours). Every QrRequest field but carDetailId is optional; invalid or omitted values fall back to their defaults. logoPath and topLogoPath name logos of the service's logo store (added by the operator with `cartax logo add`); an unknown name falls back to the default (Service_QR_Code, or no top logo).",
    tags: ["Sharing"],
    security: secured,
    request: {
      body: body(
        z.object({
          carDetailId: z.guid(),
          logoPath: z.string().optional().describe("Logo name in the logo store; default Service_QR_Code."),
          qrCodeWidth: z
            .number()
            .int()
            .optional()
            .describe("Default 500 (230–4000: a smaller image does not scan, so it is invalid)."),
          qrCodeHeight: z
            .number()
            .int()
            .optional()
            .describe("Default 750 (230–4000: a smaller image does not scan, so it is invalid)."),
          captionLine1: z
            .string()
            .nullable()
            .optional()
            .describe("Wraps to the image width; lines that do not fit under the code are dropped."),
          captionLine2: z.string().nullable().optional().describe("Used only with captionLine1."),
          captionColor: z
            .string()
            .optional()
            .describe("Hex, with or without #, six or three digits; default 000000."),
          captionTextSize: z.number().int().optional().describe("Default 20."),
          topLogoPath: z
            .string()
            .nullable()
            .optional()
            .describe(
              "Logo name in the logo store (Service_QR_Code is the built-in one); default none. Shrunk or left out when it does not fit.",
            ),
          topLogoWidth: z.number().int().optional().describe("Default 220."),
          topLogoHeight: z.number().int().optional().describe("Default 110."),
        }),
        {
          carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
          captionLine1: "Volvo XC40",
          captionLine2: "Scan for the taxes",
        },
      ),
    },
    responses: {
      201: {
        description: "Created.",
        headers: { Location: { description: "URI of the PNG image.", schema: { type: "string" as const } } },
      },
      400: errors[400],
      401: errors[401],
      404: problem("No car detail with that id in this account.", 404),
      413: errors[413],
      415: errors[415],
      500: errors[500],
    },
  },
  {
    method: "get",
    path: "/v1/Qr/{image}",
    summary: "A generated QR image (no key; 24 hours)",
    tags: ["Sharing"],
    request: { params: z.object({ image: z.string().describe("token.png") }) },
    responses: {
      200: { description: "The PNG.", content: { "image/png": { schema: z.string() } } },
      404: problem("Unknown or expired image.", 404),
    },
  },
  {
    method: "get",
    path: "/problems/{slug}",
    summary: "What a problem type means (no key)",
    description:
      "The page behind each problem `type` URI: HTML for a person, JSON (type, code, status, title, description) for `Accept: application/json`.",
    tags: ["Operations"],
    security: [],
    request: {
      params: z.object({
        slug: z.enum((Object.keys(PROBLEMS) as ProblemCode[]).map(problemSlug) as [string, ...string[]]),
      }),
    },
    responses: {
      200: {
        description: "The problem type.",
        content: {
          "text/html": { schema: z.string() },
          "application/json": {
            schema: z.object({
              type: z.string(),
              code: z.string(),
              status: z.number().int(),
              title: z.string(),
              description: z.string(),
            }),
          },
        },
      },
      404: problem("No such problem type.", 404),
    },
  },
  {
    method: "get",
    path: "/health",
    summary: "Liveness and database check",
    tags: ["Operations"],
    responses: {
      200: json("Healthy.", z.object({ status: z.literal("ok"), rulesVersion: z.string() })),
      500: errors[500],
    },
  },
  {
    method: "get",
    path: "/metrics",
    summary: "Prometheus metrics (text format)",
    tags: ["Operations"],
    responses: { 200: { description: "Metrics.", content: { "text/plain": { schema: z.string() } } } },
  },
  {
    method: "get",
    path: "/v1/openapi.json",
    summary: "This document",
    tags: ["Operations"],
    responses: { 200: { description: "OpenAPI 3.1 document." } },
  },
  {
    method: "get",
    path: "/docs",
    summary: "Browsable API reference",
    tags: ["Operations"],
    responses: { 200: { description: "HTML page.", content: { "text/html": { schema: z.string() } } } },
  },
];

/** The OpenAPI 3.1 document of the service, generated from the same zod schemas that validate. */
export function openApiDocument(serverUrl: string): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "subscriptionKey", {
    type: "apiKey",
    in: "query",
    name: KEY_QUERY,
    description: "Subscription key (guaranteed way).",
  });
  registry.registerComponent("securitySchemes", "subscriptionKeyHeader", {
    type: "apiKey",
    in: "header",
    name: KEY_HEADER,
    description: "Subscription key in the gateway's header.",
  });
  for (const route of DOCUMENTED_ROUTES) registry.registerPath(route);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
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
      ].join(" "),
    },
    servers: [{ url: serverUrl }],
  });
  return document as unknown as Record<string, unknown>;
}
