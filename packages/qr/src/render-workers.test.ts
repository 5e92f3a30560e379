import { afterAll, describe, expect, it } from "vitest";
import { defaultLogo } from "./logo";
import { qrCardSvg, renderPng } from "./qr-card";
import { resolveQrLayout } from "./qr-request-options";
import { PngRenderWorkers } from "./render-workers";

const card = (caption: string) =>
  qrCardSvg({
    content: "https://api.cartax.test/p/I8vaRwrjUs3niFMuY3CstA",
    layout: resolveQrLayout({ captionLine1: caption }),
    logo: defaultLogo(),
    topLogo: null,
  }).svg;

describe("PngRenderWorkers", () => {
  const workers = new PngRenderWorkers(2);
  afterAll(() => workers.close());

  it("draws exactly what renderPng draws, several renders at once", async () => {
    const svgs = ["One", "Two", "Three"].map(card);
    const off = await Promise.all(svgs.map((svg) => workers.render(svg)));
    const on = await Promise.all(svgs.map((svg) => renderPng(svg)));
    expect(off.map((png) => png.equals(on[off.indexOf(png)] as Buffer))).toEqual([true, true, true]);
  });

  it("rejects an SVG resvg cannot read, and renders the next one", async () => {
    await expect(workers.render("not an svg")).rejects.toThrow();
    expect((await workers.render(card("After"))).subarray(1, 4).toString()).toBe("PNG");
  });

  it("frees each render's native memory: 150 renders on one thread keep RSS within 64 MB of the start", async () => {
    // resvg's tree and pixmap (about 1.5 MB a card) are freed only when V8 collects their
    // wrappers; without a collection after each render, RSS rose by 160 to 270 MB here.
    const one = new PngRenderWorkers(1);
    try {
      await one.render(card("Warm-up"));
      const start = process.memoryUsage.rss();
      let peak = start;
      for (let i = 0; i < 150; i++) {
        await one.render(card(`Card ${i}`));
        peak = Math.max(peak, process.memoryUsage.rss());
      }
      expect((peak - start) / 1024 / 1024).toBeLessThan(64);
    } finally {
      await one.close();
    }
  });

  it("refuses to render once closed", async () => {
    const closing = new PngRenderWorkers(1);
    await closing.render(card("Before"));
    await closing.close();
    await expect(closing.render(card("After"))).rejects.toThrow(/closed/);
  });
});
