import { createHash } from "node:crypto";
import { PngRenderWorkers } from "@cartax/qr";
import type { Storage } from "@cartax/storage";
import { QrLogos } from "./qr-logos";
import { RenderQueue, RenderQueueFullError, type RenderQueueLimits } from "./render-queue";

/** Images are served for 24 hours; the sweep removes them within the hour after (spec: 24–48 h). */
export const QR_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

/** What happened to one request for an image (for the metrics). */
export interface QrImageObserver {
  rendered?(seconds: number): void;
  reused?(): void;
  refused?(): void;
}

/**
 * The generated QR images of the service: a card becomes a stored PNG behind a token.
 *
 * A request is known by the key of its normalised form (qr-request-key.ts). Within a live image's
 * lifetime the same key gets that image's token back from one look-up, without composing the card
 * or rendering it, and the image's lifetime is extended. Identical requests arriving together share
 * one render. Otherwise the card is composed and rendered in a bounded RenderQueue (past it:
 * RenderQueueFullError, a 503, before any work on the card); a card whose SVG was drawn already
 * for another key (the same SHA-256) reuses that image instead of rendering.
 */
export class QrImages {
  private readonly queue: RenderQueue;
  /** The logos cards are drawn with, by name. */
  readonly logos: QrLogos;
  private readonly workers: PngRenderWorkers | undefined;
  private readonly render: (svg: string) => Promise<Buffer>;

  constructor(
    private readonly storage: Pick<Storage, "qr">,
    private readonly ttlMs: number,
    limits: RenderQueueLimits,
    private readonly observer: QrImageObserver = {},
    render?: (svg: string) => Promise<Buffer>,
  ) {
    this.queue = new RenderQueue(limits);
    this.logos = new QrLogos(storage);
    // One render thread per slot, so that a render never waits for a thread.
    this.workers = render ? undefined : new PngRenderWorkers(limits.concurrency);
    this.render = render ?? ((svg) => (this.workers as PngRenderWorkers).render(svg));
  }

  /** Stops the render threads (the server's shutdown, after in-flight requests). */
  async close(): Promise<void> {
    await this.workers?.close();
  }

  /** Renders running and waiting now (the metrics' gauges). */
  get load(): { running: number; queued: number } {
    return { running: this.queue.running, queued: this.queue.queued };
  }

  /**
   * The token of the image of the request `requestKey`: a live stored one, or `compose` (the
   * card's SVG) rendered and stored. Rejects with RenderQueueFullError when refused.
   */
  async tokenFor(requestKey: string, compose: () => Promise<string>): Promise<string> {
    const stored = await this.storage.qr.reuseImageOfRequest(requestKey, this.ttlMs);
    if (stored) {
      this.observer.reused?.();
      return stored;
    }
    try {
      // Identical requests arriving together share one render (the queue's key).
      return await this.queue.run(requestKey, async () => {
        // Asked again once the slot is held: an identical request whose look-up above missed may
        // arrive after the render it would have shared has finished and left the queue (seen on
        // PostgreSQL, where look-ups overtake each other); its image is stored by then.
        const since = await this.storage.qr.reuseImageOfRequest(requestKey, this.ttlMs);
        if (since) {
          this.observer.reused?.();
          return since;
        }
        const svg = await compose();
        const contentSha256 = createHash("sha256").update(svg).digest("hex");
        const drawn = await this.storage.qr.reuseImage(contentSha256, this.ttlMs);
        if (drawn) {
          this.observer.reused?.();
          return drawn;
        }
        const started = performance.now();
        const png = await this.render(svg);
        this.observer.rendered?.((performance.now() - started) / 1000);
        return this.storage.qr.putImage(png, this.ttlMs, new Date(), { contentSha256, requestKey });
      });
    } catch (error) {
      if (error instanceof RenderQueueFullError) this.observer.refused?.();
      throw error;
    }
  }
}
