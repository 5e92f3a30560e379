import { QR_DEFAULTS, QR_LIMITS } from "@cartax/qr";
import { z } from "@hono/zod-openapi";

/**
 * A field of the QrRequest as documented (type, default, range) but accepted whatever it holds:
 * the spec's rule is that an invalid or omitted optional value falls back to its default
 * (`resolveQrLayout` of @cartax/qr applies it), so no value of these fields is ever a 400.
 */
const lenient = (documented: Record<string, unknown>) => z.unknown().optional().openapi(documented);

const side = (name: "topLogoWidth" | "topLogoHeight", max: number) =>
  lenient({
    type: "integer",
    minimum: 1,
    maximum: max,
    default: QR_DEFAULTS[name],
    description: `Pixels; default ${QR_DEFAULTS[name]}; outside 1–${max} falls back to the default.`,
  });
const imageSide = (name: "qrCodeWidth" | "qrCodeHeight") =>
  lenient({
    type: "integer",
    minimum: QR_LIMITS.minImageSide,
    maximum: QR_LIMITS.maxImageSide,
    default: QR_DEFAULTS[name],
    description: `Pixels; default ${QR_DEFAULTS[name]}. A positive number outside ${QR_LIMITS.minImageSide}–${QR_LIMITS.maxImageSide} is answered with the nearest side within (a smaller image does not scan), a fraction rounded, and the Cartax-Qr-Size-Adjusted header says so; anything else falls back to the default (also said there).`,
  });

/** QrRequest (docs/contract.md): only carDetailId is required; the handler checks it. */
export const qrRequestSchema = z
  .object({
    carDetailId: lenient({
      type: "string",
      format: "uuid",
      description: "The car detail whose public link the code holds.",
    }),
    logoPath: lenient({
      type: "string",
      default: QR_DEFAULTS.logoPath,
      description: "Name of a logo in the service's logo store; an unknown name falls back to the default.",
    }),
    qrCodeWidth: imageSide("qrCodeWidth"),
    qrCodeHeight: imageSide("qrCodeHeight"),
    captionLine1: lenient({
      type: ["string", "null"],
      maxLength: QR_LIMITS.maxCaptionLength,
      default: null,
      description:
        "First caption line under the code; none by default. Wraps to the image width; lines that do not fit under the code are dropped (with an ellipsis).",
    }),
    captionLine2: lenient({
      type: ["string", "null"],
      maxLength: QR_LIMITS.maxCaptionLength,
      default: null,
      description: "Second caption line, used only with captionLine1.",
    }),
    captionColor: lenient({
      type: "string",
      pattern: "^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$",
      default: QR_DEFAULTS.captionColor,
      description: "Caption colour in hexadecimal, with or without #, six or three digits.",
    }),
    captionTextSize: lenient({
      type: "integer",
      minimum: 1,
      maximum: QR_LIMITS.maxTextSize,
      default: QR_DEFAULTS.captionTextSize,
      description: `Caption size in pixels; default ${QR_DEFAULTS.captionTextSize}.`,
    }),
    topLogoPath: lenient({
      type: ["string", "null"],
      default: null,
      description:
        "Name of a logo in the logo store drawn above the code (Service_QR_Code is the built-in one); none by default. Shrunk or left out when it does not fit.",
    }),
    topLogoWidth: side("topLogoWidth", QR_LIMITS.maxLogoSide),
    topLogoHeight: side("topLogoHeight", QR_LIMITS.maxLogoSide),
  })
  .openapi("QrRequest", { required: ["carDetailId"] });
