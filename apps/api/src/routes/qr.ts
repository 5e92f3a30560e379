import {
  DEFAULT_LOGO_NAME,
  defaultLogo,
  type Logo,
  QR_DEFAULTS,
  renderQrCard,
  resolveQrLayout,
  validateLogo,
} from "@cartax/qr";
import { isUnstorableText } from "@cartax/schemas";
import { Hono } from "hono";
import type { AppEnv, ServiceContext } from "../http/app-env";
import { authenticate } from "../http/authenticate";
import { notFound, ProblemError } from "../http/problem";
import { readJsonBody } from "../http/read-json-body";
import { uuidParam } from "../http/uuid-param";

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

/** POST /v1/Qr (docs/contract.md, Endpoints) and GET of the generated image. */
export function qrRoutes(service: ServiceContext) {
  const routes = new Hono<AppEnv>();
  routes.post("/", authenticate(service, { calculation: false }), async (c) => {
    const subscription = c.get("subscription");
    const body = await readJsonBody(c);
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw new ProblemError("validation_error", "the body must be a QrRequest object", [
        { field: "(body)", rule: "type", message: "the body must be a JSON object" },
      ]);
    }
    const request = body as Record<string, unknown>;
    const id = uuidParam(
      "carDetailId",
      typeof request.carDetailId === "string"
        ? request.carDetailId
        : request.carDetailId == null
          ? undefined
          : String(request.carDetailId),
    );
    if (!(await service.storage.carDetails.get(subscription.ownerId, id))) throw notFound(`car detail ${id}`);
    const token = await service.storage.publicLinks.tokenFor(subscription.ownerId, id);
    const fallback = defaultLogo();
    const png = await renderQrCard({
      content: `${service.publicBaseUrl}/p/${token}`,
      layout: resolveQrLayout(request),
      logo: (await logoNamed(service, request.logoPath ?? QR_DEFAULTS.logoPath, fallback)) ?? fallback,
      topLogo: await logoNamed(service, request.topLogoPath, null),
    });
    const image = await service.storage.qr.putImage(png, QR_IMAGE_TTL_MS);
    c.header("Location", `${service.publicBaseUrl}/v1/Qr/${image}.png`);
    return c.body(null, 201);
  });
  // No key: the unguessable, short-lived URL is made to be embedded in a page or a print.
  routes.get("/:image", async (c) => {
    const name = c.req.param("image");
    const png = name.endsWith(".png") ? await service.storage.qr.getImage(name.slice(0, -4)) : undefined;
    if (!png) throw notFound("QR image (unknown or expired)");
    return c.body(new Uint8Array(png), 200, {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=3600, immutable",
    });
  });
  return routes;
}
