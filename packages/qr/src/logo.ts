import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A logo image: PNG or SVG bytes, checked. */
export interface Logo {
  readonly contentType: "image/png" | "image/svg+xml";
  readonly data: Buffer;
}

export const DEFAULT_LOGO_NAME = "Service_QR_Code";
/** Largest logo file accepted. */
export const MAX_LOGO_BYTES = 256 * 1024;
const MAX_LOGO_PIXELS = 4000;

export class InvalidLogoError extends Error {
  override readonly name = "InvalidLogoError";
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Checks a logo file and says what it is. PNG: signature and IHDR dimensions. SVG: well-formed
 * enough to start with <svg (after an optional XML prolog), and nothing that reaches outside the
 * file or runs code: no <script>, no event handlers, no <foreignObject>, no href other than a
 * data: URI or an in-document #fragment. Anything else is refused (the renderer never fetches).
 */
export function validateLogo(data: Buffer): Logo {
  if (data.length === 0) throw new InvalidLogoError("the logo file is empty");
  if (data.length > MAX_LOGO_BYTES)
    throw new InvalidLogoError(`the logo is larger than ${MAX_LOGO_BYTES / 1024} KiB`);
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) {
    if (data.length < 33 || data.toString("latin1", 12, 16) !== "IHDR")
      throw new InvalidLogoError("the PNG has no IHDR chunk");
    const width = data.readUInt32BE(16);
    const height = data.readUInt32BE(20);
    if (width === 0 || height === 0 || width > MAX_LOGO_PIXELS || height > MAX_LOGO_PIXELS) {
      throw new InvalidLogoError(`the PNG is ${width}×${height}; at most ${MAX_LOGO_PIXELS} px a side`);
    }
    return { contentType: "image/png", data };
  }
  const text = data.toString("utf8");
  const body = text.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, "");
  if (!/^<svg[\s>]/i.test(body)) throw new InvalidLogoError("the logo is neither a PNG nor an SVG");
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new InvalidLogoError("SVG logos may not declare a DOCTYPE or entities");
  if (/<script|<foreignObject|\son\w+\s*=/i.test(text))
    throw new InvalidLogoError("SVG logos may not contain scripts or foreign content");
  for (const match of text.matchAll(/(?:xlink:)?href\s*=\s*["']([^"']*)["']/gi)) {
    const href = (match[1] ?? "").trim();
    if (!href.startsWith("#") && !/^data:image\/(png|jpeg|gif|webp);base64,/i.test(href)) {
      throw new InvalidLogoError(
        "SVG logos may only reference data: images or #fragments (no files or URLs)",
      );
    }
  }
  if (/url\(\s*["']?(?!#|data:)/i.test(text))
    throw new InvalidLogoError("SVG logos may not reference external resources in url()");
  return { contentType: "image/svg+xml", data };
}

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../assets");

let shipped: Logo | undefined;

/**
 * The project's own default logo (the spec's `Service_QR_Code`), shipped with the package; read
 * once (it is on the path of every QR request). Its bytes must not be modified.
 */
export function defaultLogo(): Logo {
  shipped ??= validateLogo(fs.readFileSync(path.join(assets, "service-qr-code.svg")));
  return shipped;
}

export const toDataUri = (logo: Logo) => `data:${logo.contentType};base64,${logo.data.toString("base64")}`;
