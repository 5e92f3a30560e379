import {
  DEFAULT_LOGO_NAME,
  defaultLogo,
  type Logo,
  QR_DEFAULTS,
  qrCardSvg,
  resolveQrLayout,
  validateLogo,
} from "@cartax/qr";
import { isUnstorableText } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../http/app-env";
import { authenticate } from "../http/authenticate";
import { notFound, ProblemError } from "../http/problem";
import { jsonBody } from "../http/read-json-body";
import { uuidParam } from "../http/uuid-param";
import { bodyProblems, jsonRequest, open, problem, secured } from "../openapi/responses";
import { RenderQueueFullError } from "../qr/render-queue";
import type { Api } from "./api";
import { qrRequestSchema } from "./qr-request-schema";

/** Images are served for 24 hours; the sweep removes them within the hour after (spec: 24–48 h). */
export const QR_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A logo by name from the logo store. `logoPath` and `topLogoPath` never read files or fetch URLs
 * (path traversal, SSRF): they name logos of the store. An unknown or invalid name falls back to
 * the field's default (the spec's rule): the project's logo for `logoPath`, none for `topLogoPath`.
 */
async function logoNamed(
  service: ServiceContext,
  name: unknown,
  fallback: Logo | null,
): Promise<Logo | null> {
  // A name with U+0000 or a lone surrogate names no logo (and PostgreSQL cannot even look it up).
  if (typeof name !== "string" || name === "" || isUnstorableText(name)) return fallback;
  // The built-in logo by its name, for the top logo too.
  if (name === DEFAULT_LOGO_NAME) return defaultLogo();
  const stored = await service.storage.qr.getLogo(name);
  if (!stored) return fallback;
  try {
    return validateLogo(stored.data);
  } catch {
    return fallback;
  }
}

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
      "201 with the image URI in Location (GET it without a key; it lives 24 hours). A request identical to one answered within the image's lifetime (same car, layout, captions, colours and logos) gets the same image back, without rendering again, and its lifetime starts again. Renders are bounded (CARTAX_QR_RENDER_CONCURRENCY at a time, CARTAX_QR_QUEUE_LIMIT waiting); past that the answer is 503 with Retry-After. Every QrRequest field but carDetailId is optional; invalid or omitted values fall back to their defaults. logoPath and topLogoPath name logos of the service's logo store (added by the operator with `cartax logo add`); an unknown name falls back to the default (Service_QR_Code, or no top logo).",
    tags: ["Sharing"],
    security: secured,
    middleware: [authenticate(service, { calculation: false }), jsonBody] as const,
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
        },
      },
      ...bodyProblems,
      404: problem("No car detail with that id in this account.", 404),
      503: {
        ...problem(
          "Every render slot is busy and the queue of renders is full (CARTAX_QR_RENDER_CONCURRENCY, CARTAX_QR_QUEUE_LIMIT); nothing was created.",
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
      const token = await service.storage.publicLinks.tokenFor(subscription.ownerId, id);
      const fallback = defaultLogo();
      const { svg } = qrCardSvg({
        content: `${service.publicBaseUrl}/p/${token}`,
        layout: resolveQrLayout(request),
        logo: (await logoNamed(service, request.logoPath ?? QR_DEFAULTS.logoPath, fallback)) ?? fallback,
        topLogo: await logoNamed(service, request.topLogoPath, null),
      });
      let image: string;
      try {
        // The same card as a live image: that image (no render); else a render, bounded.
        image = await service.qrImages.tokenFor(svg);
      } catch (error) {
        if (!(error instanceof RenderQueueFullError)) throw error;
        c.header("Retry-After", String(error.retryAfterSeconds));
        throw new ProblemError("service_unavailable", error.message);
      }
      c.header("Location", `${service.publicBaseUrl}/v1/Qr/${image}.png`);
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
