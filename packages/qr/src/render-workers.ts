import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { RENDER_OPTIONS } from "./qr-card";

/**
 * Runs in a worker thread: parses, renders and encodes one SVG at a time with resvg. Plain
 * JavaScript (an eval'd CommonJS worker) so that it runs alike from the sources under vitest and
 * from the bundle; resvg's path comes from the parent so both resolve the same copy.
 *
 * After each render, a minor (young-generation) collection: the parsed tree and the RGBA pixmap of
 * a render (about 1.5 MB for a 500 × 750 card) live in native memory that resvg frees only when V8
 * collects their small JavaScript wrappers, and V8 does not know their size, so it collected them
 * rarely: one thread rendering 400 cards held 350 MB of resident memory (78–89 MB with this
 * collection, which costs about 0.5 ms a render on this thread; a full collection cost 7.5 ms).
 * In the 10-minute soak (bench/README.md) the service's RSS swung between 220 and 327 MB before,
 * and stays at 161–165 MB with it. `gc` is taken from a new context with --expose-gc set for that
 * moment only, so no other context gets it (a process started with --expose-gc has it already).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { Resvg } = require(workerData.resvg);
let collect = () => {};
if (typeof gc === "function") collect = () => gc({ type: "minor" });
else try {
  const v8 = require("node:v8");
  v8.setFlagsFromString("--expose-gc");
  const gc = require("node:vm").runInNewContext("gc");
  v8.setFlagsFromString("--no-expose-gc");
  if (typeof gc === "function") collect = () => gc({ type: "minor" });
} catch {}
parentPort.on("message", ({ id, svg }) => {
  try {
    const png = new Resvg(svg, workerData.options).render().asPng();
    parentPort.postMessage({ id, png });
  } catch (error) {
    parentPort.postMessage({ id, message: String((error && error.message) || error) });
  }
  collect();
});
`;

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
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        resvg: createRequire(import.meta.url).resolve("@resvg/resvg-js"),
        options: RENDER_OPTIONS,
      },
    });
    const slot: Slot = { worker, waiting: new Map() };
    worker.on("message", (message: { id: number; png?: Uint8Array; message?: string }) => {
      const waiter = slot.waiting.get(message.id);
      slot.waiting.delete(message.id);
      if (slot.waiting.size === 0) worker.unref();
      if (message.png)
        waiter?.resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength));
      else waiter?.reject(new Error(message.message ?? "the render failed"));
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
