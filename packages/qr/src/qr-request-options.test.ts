import { describe, expect, it } from "vitest";
import { resolveQrLayout } from "./qr-request-options";

describe("resolveQrLayout", () => {
  it("uses the spec defaults when nothing is given", () => {
    expect(resolveQrLayout({})).toEqual({
      qrCodeWidth: 500,
      qrCodeHeight: 750,
      captionLine1: null,
      captionLine2: null,
      captionColor: "000000",
      captionTextSize: 20,
      topLogoWidth: 220,
      topLogoHeight: 110,
    });
  });

  it("falls back to the default for each invalid value", () => {
    const layout = resolveQrLayout({
      qrCodeWidth: -3,
      qrCodeHeight: 12.5,
      captionColor: "#ffff",
      captionTextSize: "big",
    });
    expect(layout.qrCodeWidth).toBe(500);
    expect(layout.qrCodeHeight).toBe(750);
    expect(layout.captionColor).toBe("000000");
    expect(layout.captionTextSize).toBe(20);
  });

  it("uses captionLine2 only when captionLine1 is set", () => {
    expect(resolveQrLayout({ captionLine2: "second" }).captionLine2).toBeNull();
    expect(resolveQrLayout({ captionLine1: "first", captionLine2: "second" }).captionLine2).toBe("second");
  });
});
