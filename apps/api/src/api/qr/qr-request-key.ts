import { createHash } from "node:crypto";
import type { QrLayoutOptions } from "@cartax/qr";

/** What decides a QR card, once the request is normalised (defaults applied, logos resolved). */
export interface QrRequestParts {
  /** How this build draws (drawingFingerprint of @cartax/qr). */
  readonly drawing: string;
  /** The account and its car: together they name the public link the code encodes. */
  readonly ownerId: string;
  readonly carDetailId: string;
  /** The origin of the public link (CARTAX_PUBLIC_BASE_URL). */
  readonly publicBaseUrl: string;
  readonly layout: QrLayoutOptions;
  /** Identities of the logos drawn (QrLogos), not their names: an unknown name is the default. */
  readonly logo: string;
  readonly topLogo: string | null;
}

/** The layout's fields in a fixed order, so that the key does not depend on how it was built. */
const LAYOUT_FIELDS = [
  "qrCodeWidth",
  "qrCodeHeight",
  "captionLine1",
  "captionLine2",
  "captionColor",
  "captionTextSize",
  "topLogoWidth",
  "topLogoHeight",
] as const satisfies readonly (keyof QrLayoutOptions)[];

/**
 * The key of a normalised QrRequest (SHA-256, hex): two requests with the same key draw the same
 * card, so the second is answered with the first one's image without composing or rendering it.
 * Requests written differently that normalise alike (key order, `#336699` or `336699`, an invalid
 * size or an unknown logo name falling back to the default) have the same key.
 */
export function qrRequestKey(parts: QrRequestParts): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        parts.drawing,
        parts.ownerId,
        parts.carDetailId,
        parts.publicBaseUrl,
        LAYOUT_FIELDS.map((field) => parts.layout[field]),
        parts.logo,
        parts.topLogo,
      ]),
    )
    .digest("hex");
}
