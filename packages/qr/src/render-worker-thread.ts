/**
 * A QR render thread (started by PngRenderWorkers, render-workers.ts): parses, renders and encodes
 * one SVG at a time with resvg, off the service's event loop. A module of its own, built as an entry
 * of this package (`dist/render-worker-thread.js`) and started by file, as the audit writer's thread
 * of @cartax/storage is: the sources under vitest and the service's bundle start the same compiled
 * file.
 *
 * After each render, a minor (young-generation) collection: the parsed tree and the RGBA pixmap of
 * a render (about 1.5 MB for a 500 × 750 card) live in native memory that resvg frees only when V8
 * collects their small JavaScript wrappers, and V8 does not know their size, so it collected them
 * rarely: one thread rendering 400 cards held 350 MB of resident memory (78–89 MB with this
 * collection, which costs about 0.5 ms a render on this thread; a full collection cost 7.5 ms).
 * In the 10-minute soak (bench/README.md) the service's RSS swung between 220 and 327 MB before,
 * and stays at 161–165 MB with it.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";

/** What the parent gives the thread: resvg's options (fonts, fit), the same as renderPng's. */
export interface RenderThreadData {
  readonly options: ResvgRenderOptions;
}

/** A render asked for, and its answer: the PNG, or why it failed. */
export interface RenderRequest {
  readonly id: number;
  readonly svg: string;
}
export type RenderAnswer =
  | { readonly id: number; readonly png: Uint8Array }
  | { readonly id: number; readonly message: string };

type Collect = (options: { type: "minor" }) => void;

/**
 * V8's `gc`, for this thread only: taken from a new context with --expose-gc set for that moment,
 * so no other context gets it (a process started with --expose-gc has it already). A no-op when
 * neither works.
 */
function minorCollection(): () => void {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (typeof exposed === "function") return () => exposed({ type: "minor" });
  try {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as Collect | undefined;
    v8.setFlagsFromString("--no-expose-gc");
    if (typeof gc === "function") return () => gc({ type: "minor" });
  } catch {
    // No collection: the renders are right, the memory only higher.
  }
  return () => {};
}

if (isMainThread || !parentPort) throw new Error("render-worker-thread runs only as a worker thread");
const port = parentPort;
const { options } = workerData as RenderThreadData;
const collect = minorCollection();

port.on("message", ({ id, svg }: RenderRequest) => {
  try {
    const png = new Resvg(svg, options).render().asPng();
    port.postMessage({ id, png } satisfies RenderAnswer);
  } catch (error) {
    const message = String((error as Error | undefined)?.message || error);
    port.postMessage({ id, message } satisfies RenderAnswer);
  }
  collect();
});
