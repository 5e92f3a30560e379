import { createHash } from "node:crypto";
import { renderPng } from "@cartax/qr";
import type { Storage } from "@cartax/storage";
import { RenderQueue, type RenderQueueLimits } from "./render-queue";

/** What happened to one request for an image (for the metrics). */
export interface QrImageObserver {
  rendered?(seconds: number): void;
  reused?(): void;
  refused?(): void;
}

/**
 * The generated QR images of the service: an SVG card becomes a stored PNG behind a token. The
 * same card (same SHA-256 of its SVG: same link, layout, captions, colours and logo bytes) within
 * a live image's lifetime gets that image's token back without rendering again, its lifetime
 * extended; renders are bounded by a RenderQueue (past it: RenderQueueFullError, a 503).
 */
export class QrImages {
  private readonly queue: RenderQueue;

  constructor(
    private readonly storage: Pick<Storage, "qr">,
    private readonly ttlMs: number,
    limits: RenderQueueLimits,
    private readonly observer: QrImageObserver = {},
    private readonly render: (svg: string) => Promise<Buffer> = renderPng,
  ) {
    this.queue = new RenderQueue(limits);
  }

  /** Renders running and waiting now (the metrics' gauges). */
  get load(): { running: number; queued: number } {
    return { running: this.queue.running, queued: this.queue.queued };
  }

  /** The token of the image of `svg`: a live stored one, or a new render (may throw RenderQueueFullError). */
  async tokenFor(svg: string): Promise<string> {
    const sha256 = createHash("sha256").update(svg).digest("hex");
    const stored = await this.storage.qr.reuseImage(sha256, this.ttlMs);
    if (stored) {
      this.observer.reused?.();
      return stored;
    }
    try {
      // Identical requests arriving together share one render (the queue's key).
      return await this.queue.run(sha256, async () => {
        const started = performance.now();
        const png = await this.render(svg);
        this.observer.rendered?.((performance.now() - started) / 1000);
        return this.storage.qr.putImage(png, this.ttlMs, new Date(), sha256);
      });
    } catch (error) {
      if ((error as Error).name === "RenderQueueFullError") this.observer.refused?.();
      throw error;
    }
  }
}
