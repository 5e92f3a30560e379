import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Environment } from "./environment";

/**
 * Subscription keys: `ctx_acc_…` (acceptance) or `ctx_prd_…` (production) followed by 43 base62
 * characters (256 random bits). The prefix tells the environment at a glance (a key of one
 * environment is refused by the other before any database look-up) and lets secret scanners and
 * log greps spot a leaked key; `_` keeps a double-click selecting the whole key.
 */
export const KEY_PREFIXES: Readonly<Record<Environment, string>> = {
  acceptance: "ctx_acc_",
  production: "ctx_prd_",
};

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_CHARS = 43;
const KEY_PATTERN = /^ctx_(acc|prd)_[0-9A-Za-z]{43}$/;

/** A new random key of the environment. */
export function generateSubscriptionKey(environment: Environment): string {
  let out = KEY_PREFIXES[environment];
  let produced = 0;
  while (produced < RANDOM_CHARS) {
    for (const byte of randomBytes(64)) {
      // Rejection sampling: 248 = 4 × 62, so every character is equally likely.
      if (byte >= 248) continue;
      out += ALPHABET[byte % 62];
      if (++produced === RANDOM_CHARS) break;
    }
  }
  return out;
}

/** Whether the text has the shape of a key of this environment (no database needed). */
export function isKeyOf(key: string, environment: Environment): boolean {
  return KEY_PATTERN.test(key) && key.startsWith(KEY_PREFIXES[environment]);
}

/** SHA-256 of the key, hex: what the database keeps. Keys are high-entropy, so no salt is needed. */
export function hashSubscriptionKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
