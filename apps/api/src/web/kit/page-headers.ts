import type { Language } from "@cartax/engine";
import type { Context } from "hono";

/**
 * Headers of every public page, found or not: its language, never cached or indexed, and a policy
 * that lets it load nothing but its inline styles and data: images (no script, no other origin).
 */
export function setPublicPageHeaders(c: Context, language: Language): void {
  c.header("Content-Language", language);
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:");
  c.header("Vary", "Accept-Language");
}
