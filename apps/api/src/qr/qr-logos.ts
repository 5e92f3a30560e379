import { createHash } from "node:crypto";
import { DEFAULT_LOGO_NAME, defaultLogo, type Logo, validateLogo } from "@cartax/qr";
import { isUnstorableText } from "@cartax/schemas";
import type { Storage } from "@cartax/storage";

/** A logo to draw and its identity in request keys (the same bytes, the same identity). */
export interface ResolvedLogo {
  readonly logo: Logo;
  readonly id: string;
}

/** The project's logo, built in (its bytes are part of @cartax/qr's drawingFingerprint). */
export const BUILT_IN_LOGO: ResolvedLogo = { logo: defaultLogo(), id: `built-in:${DEFAULT_LOGO_NAME}` };

/** Logos of the store kept in memory at most (a cache, dropped whole when full). */
const MAX_CACHED = 64;

/**
 * Logos by name for QR cards. `logoPath` and `topLogoPath` never read files or fetch URLs (path
 * traversal, SSRF): they name logos of the store. An unknown or invalid name falls back to the
 * field's default (the spec's rule). A logo of the store is read and checked once per version (the
 * time it was added or replaced): later requests cost one small look-up of that time.
 */
export class QrLogos {
  private readonly cache = new Map<string, { version: string; resolved: ResolvedLogo | null }>();

  constructor(private readonly storage: Pick<Storage, "qr">) {}

  async named(name: unknown, fallback: ResolvedLogo | null): Promise<ResolvedLogo | null> {
    // A name with U+0000 or a lone surrogate names no logo (and PostgreSQL cannot even look it up).
    if (typeof name !== "string" || name === "" || isUnstorableText(name)) return fallback;
    // The built-in logo by its name, for the top logo too.
    if (name === DEFAULT_LOGO_NAME) return BUILT_IN_LOGO;
    const version = await this.storage.qr.logoVersion(name);
    if (version === undefined) return fallback;
    const cached = this.cache.get(name);
    if (cached?.version === version) return cached.resolved ?? fallback;
    const stored = await this.storage.qr.getLogo(name);
    if (!stored) return fallback;
    let resolved: ResolvedLogo | null;
    try {
      resolved = {
        logo: validateLogo(stored.data),
        id: `sha256:${createHash("sha256").update(stored.data).digest("hex")}`,
      };
    } catch {
      resolved = null;
    }
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(name, { version: stored.createdAt, resolved });
    return resolved ?? fallback;
  }
}
