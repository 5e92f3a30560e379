import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { RENDER_OPTIONS } from "./qr-card";
import type { RenderAnswer, RenderThreadData } from "./render-worker-thread";

/**
 * The render thread's module (render-worker-thread.ts), from this package's build: resolved by the
 * package's own name, so the sources under vitest and the service's bundle start the same file.
 */
const threadModule = (): URL =>
  pathToFileURL(createRequire(import.meta.url).resolve("@cartax/qr/render-worker-thread"));

interface Slot {
  readonly worker: Worker;
  readonly waiting: Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>;
}

/**
 * Renders SVG cards to PNG on worker threads of their own. With resvg's `renderAsync` (renderPng)
 * the PNG encoding, `asPng()`, is synchronous and runs on the event loop: in a CPU profile of the
 * service under wrk (POST /v1/Qr, 50 connections, new cards) renderPng held the main thread about
 * 13 ms a render, longer than anything else a request does. Here the whole render happens off the
 * loop. Workers start on first use, at most `size` (give the render concurrency),
 * each render going to the least busy; an idle pool does not keep the process alive.
 */
export class PngRenderWorkers {
  private readonly slots: Slot[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError("size must be a whole number ≥ 1");
  }

  /** The PNG of `svg`, exactly as renderPng draws it. */
  render(svg: string): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("the render workers are closed"));
    const slot = this.leastBusy();
    const id = this.nextId++;
    // Referenced while a render is in flight, so that a script awaiting it does not exit early.
    if (slot.waiting.size === 0) slot.worker.ref();
    return new Promise((resolve, reject) => {
      slot.waiting.set(id, { resolve, reject });
      slot.worker.postMessage({ id, svg });
    });
  }

  /** Stops the workers; renders in flight are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private leastBusy(): Slot {
    const idle = this.slots.find((slot) => slot.waiting.size === 0);
    if (idle) return idle;
    if (this.slots.length < this.size) return this.start();
    return this.slots.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
  }

  private start(): Slot {
    const workerData: RenderThreadData = { options: RENDER_OPTIONS };
    const worker = new Worker(threadModule(), { workerData });
    const slot: Slot = { worker, waiting: new Map() };
    worker.on("message", (message: RenderAnswer) => {
      const waiter = slot.waiting.get(message.id);
      slot.waiting.delete(message.id);
      if (slot.waiting.size === 0) worker.unref();
      if ("png" in message)
        waiter?.resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength));
      else waiter?.reject(new Error(message.message || "the render failed"));
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      for (const waiter of slot.waiting.values()) waiter.reject(error);
      slot.waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`a QR render thread exited with ${code}`)));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }
}
