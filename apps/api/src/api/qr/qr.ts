import {
  drawingFingerprint,
  QR_DEFAULTS,
  type QrSizeAdjustment,
  qrCardSvg,
  qrSizeAdjustments,
  resolveQrLayout,
} from "@cartax/qr";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { notFound, ProblemError } from "../../http/problem";
import { jsonBody } from "../../http/read-json-body";
import { uuidParam } from "../../http/uuid-param";
import type { Api } from "../../openapi/api";
import {
  bodyProblems,
  idempotencyProblems,
  idempotentPost,
  jsonRequest,
  open,
  problem,
  secured,
} from "../../openapi/responses";
import { BUILT_IN_LOGO } from "../../qr/qr-logos";
import { RenderQueueFullError } from "../../qr/render-queue";
import { qrRequestKey } from "./qr-request-key";
import { qrRequestSchema } from "./qr-request-schema";

/** The image's size as drawn, `<width>x<height>` in pixels, on every 201. */
export const QR_SIZE_HEADER = "Cartax-Qr-Size";
/** The requested sides the image does not have as asked, and why (issue 31: never in silence). */
export const QR_SIZE_ADJUSTED_HEADER = "Cartax-Qr-Size-Adjusted";

/** One adjustment as an item of a structured-field list (RFC 8941): `qrCodeWidth;answered=230;requested=200;rule=min`. */
const adjustmentItem = ({ field, answered, requested, rule }: QrSizeAdjustment) =>
  `${field};answered=${answered}${requested === undefined ? "" : `;requested=${Number(requested.toFixed(3))}`};rule=${rule}`;

const notAQrRequest = () =>
  new ProblemError("validation_error", "the body must be a QrRequest object", [
    { field: "(body)", rule: "type", message: "the body must be a JSON object" },
  ]);

export const createQrRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "createQr",
    method: "post",
    path: "/v1/Qr",
    summary: "Generate a QR code image of a car detail's public link",
    description:
      "201 with the image URI in Location (GET it without a key; it lives 24 hours). A request that normalises to one answered within the image's lifetime (same car, layout after defaults, captions, colours and logo bytes) gets the same image back, without composing or rendering it again, and lives at least 24 hours from this request. Renders are bounded (CARTAX_QR_RENDER_CONCURRENCY at a time, CARTAX_QR_QUEUE_LIMIT waiting, and no more waiting than about 0.5 s at the recent render time); past that the answer is 503 with Retry-After. Every QrRequest field but carDetailId is optional; invalid or omitted values fall back to their defaults, except that a positive qrCodeWidth or qrCodeHeight outside 230–4000 px is answered with the nearest side that can be honoured (230 or 4000; a fraction is rounded), named in the Cartax-Qr-Size-Adjusted header; Cartax-Qr-Size gives the image's size. logoPath and topLogoPath name logos of the service's logo store (added by the operator with `cartax logo add`); an unknown name falls back to the default (Service_QR_Code, or no top logo).",
    tags: ["Sharing"],
    security: secured,
    ...idempotentPost,
    middleware: [authenticate(service, { calculation: false, idempotency: "kept" }), jsonBody] as const,
    request: {
      body: jsonRequest(qrRequestSchema, {
        carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
        captionLine1: "Volvo XC40",
        captionLine2: "Scan for the taxes",
      }),
    },
    responses: {
      201: {
        description: "Created.",
        headers: {
          Location: { description: "URI of the PNG image.", schema: { type: "string", format: "uri" } },
          [QR_SIZE_HEADER]: {
            description: "The image's size as drawn, `<width>x<height>` pixels (e.g. `500x750`).",
            schema: { type: "string" },
          },
          [QR_SIZE_ADJUSTED_HEADER]: {
            description:
              "Only when a requested side is not the image's: one item per side, `qrCodeWidth;answered=230;requested=200;rule=min`. Rules: `min` / `max`, a positive side outside 230–4000 px answered with the nearest one (so a portrait request stays portrait); `integer`, a fraction rounded; `invalid`, not a positive number, the default (no `requested`).",
            schema: { type: "string" },
          },
        },
      },
      ...bodyProblems,
      404: problem("No car detail with that id in this account.", 404),
      ...idempotencyProblems,
      503: {
        ...problem(
          "Every render slot is busy and the queue of renders is full, or the request would wait for a slot longer than about 0.5 s (CARTAX_QR_RENDER_CONCURRENCY, CARTAX_QR_QUEUE_LIMIT); nothing was created.",
          503,
        ),
        headers: {
          "Retry-After": {
            description: "Seconds after which the same request is likely to be taken.",
            schema: { type: "integer", minimum: 1 },
          },
        },
      },
    },
  });

/**
 * POST /v1/Qr (docs/contract.md, Endpoints). The route's schema documents the QrRequest; only
 * carDetailId is checked here, since every other invalid value falls back to its default.
 */
export function registerCreateQr(api: Api, service: ServiceContext): void {
  api.openapi(
    createQrRoute(service),
    async (c) => {
      const subscription = c.get("subscription");
      const request = c.get("body") as Record<string, unknown>;
      const id = uuidParam(
        "carDetailId",
        typeof request.carDetailId === "string"
          ? request.carDetailId
          : request.carDetailId == null
            ? undefined
            : String(request.carDetailId),
      );
      if (!(await service.storage.carDetails.get(subscription.ownerId, id)))
        throw notFound(`car detail ${id}`);
      const layout = resolveQrLayout(request);
      const logos = service.qrImages.logos;
      const logo =
        (await logos.named(request.logoPath ?? QR_DEFAULTS.logoPath, BUILT_IN_LOGO)) ?? BUILT_IN_LOGO;
      const topLogo = await logos.named(request.topLogoPath, null);
      const requestKey = qrRequestKey({
        drawing: drawingFingerprint(),
        ownerId: subscription.ownerId,
        carDetailId: id,
        publicBaseUrl: service.publicBaseUrl,
        layout,
        logo: logo.id,
        topLogo: topLogo?.id ?? null,
      });
      let image: string;
      try {
        // An identical request's live image (no composing, no render); else a render, bounded,
        // the card composed only once a slot is free.
        image = await service.qrImages.tokenFor(requestKey, async () => {
          const token = await service.storage.publicLinks.tokenFor(subscription.ownerId, id);
          return qrCardSvg({
            content: `${service.publicBaseUrl}/p/${token}`,
            layout,
            logo: logo.logo,
            topLogo: topLogo?.logo ?? null,
          }).svg;
        });
      } catch (error) {
        if (!(error instanceof RenderQueueFullError)) throw error;
        c.header("Retry-After", String(error.retryAfterSeconds));
        throw new ProblemError("service_unavailable", error.message);
      }
      c.header("Location", `${service.publicBaseUrl}/v1/Qr/${image}.png`);
      c.header(QR_SIZE_HEADER, `${layout.qrCodeWidth}x${layout.qrCodeHeight}`);
      const adjustments = qrSizeAdjustments(request);
      if (adjustments.length > 0)
        c.header(QR_SIZE_ADJUSTED_HEADER, adjustments.map(adjustmentItem).join(", "));
      return c.body(null, 201);
    },
    // The schema refuses only a body that is not an object; everything else is the handler's.
    (result) => {
      if (!result.success) throw notAQrRequest();
      return undefined;
    },
  );
}

export const getQrImageRoute = createRoute({
  operationId: "getQrImage",
  method: "get",
  path: "/v1/Qr/{image}",
  summary: "A generated QR image (no key; 24 hours)",
  tags: ["Sharing"],
  security: open,
  request: {
    params: z.object({
      image: z
        .string()
        .openapi({ description: "The image name: token.png", example: "q7Jd0aXk3LmN2pR8sT5vWy.png" }),
    }),
  },
  responses: {
    200: {
      description: "The PNG.",
      content: { "image/png": { schema: z.string().openapi({ format: "binary" }) } },
    },
    404: problem("Unknown or expired image.", 404),
  },
});

/** GET /v1/Qr/{image}: no key; the unguessable, short-lived URL is made to be embedded in a page or a print. */
export function registerGetQrImage(api: Api, service: ServiceContext): void {
  api.openapi(getQrImageRoute, async (c) => {
    const name = c.req.valid("param").image;
    const png = name.endsWith(".png") ? await service.storage.qr.getImage(name.slice(0, -4)) : undefined;
    if (!png) throw notFound("QR image (unknown or expired)");
    return c.body(new Uint8Array(png), 200, {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=3600, immutable",
    });
  });
}
