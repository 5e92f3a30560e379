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

  it("refuses to render once closed", async () => {
    const closing = new PngRenderWorkers(1);
    await closing.render(card("Before"));
    await closing.close();
    await expect(closing.render(card("After"))).rejects.toThrow(/closed/);
  });
});
