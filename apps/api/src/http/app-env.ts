import type { Environment, Storage, Subscription } from "@cartax/storage";
import type { Logger } from "pino";
import type { QrImages } from "../qr/qr-images";

/** What the routes need from the running service. */
export interface ServiceContext {
  readonly storage: Storage;
  readonly environment: Environment;
  /** External origin for Location headers and public links, without a trailing slash. */
  readonly publicBaseUrl: string;
  readonly logger: Logger;
  /** The generated QR images: reuse of identical ones, bounded rendering. */
  readonly qrImages: QrImages;
  /** How long the answer of a POST with an Idempotency-Key is kept (CARTAX_IDEMPOTENCY_TTL_MS; default 24 hours). */
  readonly idempotencyTtlMs?: number;
}

/** Hono variables set by the middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    subscription: Subscription;
    /** The JSON body as received (before validation), parsed. */
    body: unknown;
    /** The same body's text as received, kept by the audit record. */
    bodyText: string;
    /** The answer is the kept one of an Idempotency-Key (idempotency.ts): counted once, not again. */
    idempotentReplay: boolean;
  };
}
