import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { defaultLogo } from "./logo";
import { qrCardSvg, RENDER_OPTIONS } from "./qr-card";
import { resolveQrLayout } from "./qr-request-options";

const require = createRequire(import.meta.url);
let fingerprint: string | undefined;

/**
 * A short digest of how this build draws a card: the SVG of a reference card (both logos, two
 * captions), the render options and the versions of the QR encoder, the renderer and the font. A
 * store of images keyed by request (not by the picture) includes it in its keys, so that a build
 * that draws differently never hands out images of the one before.
 */
export function drawingFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint;
  const reference = qrCardSvg({
    content: "https://example.test/p/AAAAAAAAAAAAAAAAAAAAAA",
    layout: resolveQrLayout({ captionLine1: "Reference card", captionLine2: "Åçé 0123456789" }),
    logo: defaultLogo(),
    topLogo: defaultLogo(),
  }).svg;
  const versions = ["qrcode-svg", "@resvg/resvg-js", "dejavu-fonts-ttf"].map(
    (name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`,
  );
  fingerprint = createHash("sha256")
    .update(reference)
    // The font by its file name: the same build installed elsewhere draws the same.
    .update(
      JSON.stringify({
        ...RENDER_OPTIONS,
        font: {
          ...RENDER_OPTIONS.font,
          fontFiles: RENDER_OPTIONS.font.fontFiles.map((f) => path.basename(f)),
        },
      }),
    )
    .update(versions.join(" "))
    .digest("base64url")
    .slice(0, 16);
  return fingerprint;
}
