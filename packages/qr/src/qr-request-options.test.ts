import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { qrSizeAdjustments, resolveQrLayout } from "./qr-request-options";

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
      qrCodeHeight: "tall",
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

  it("answers a positive side it cannot honour with the nearest one, and says so (issue 31)", () => {
    // A portrait request below the 230 px that scan stays portrait: 230 × 400, not 500 × 400.
    const portrait = { qrCodeWidth: 200, qrCodeHeight: 400 };
    expect(resolveQrLayout(portrait)).toMatchObject({ qrCodeWidth: 230, qrCodeHeight: 400 });
    expect(qrSizeAdjustments(portrait)).toEqual([
      { field: "qrCodeWidth", answered: 230, requested: 200, rule: "min" },
    ]);
    const large = { qrCodeWidth: 300.4, qrCodeHeight: 5000 };
    expect(resolveQrLayout(large)).toMatchObject({ qrCodeWidth: 300, qrCodeHeight: 4000 });
    expect(qrSizeAdjustments(large)).toEqual([
      { field: "qrCodeWidth", answered: 300, requested: 300.4, rule: "integer" },
      { field: "qrCodeHeight", answered: 4000, requested: 5000, rule: "max" },
    ]);
    expect(qrSizeAdjustments({ qrCodeWidth: -3, qrCodeHeight: 750 })).toEqual([
      { field: "qrCodeWidth", answered: 500, rule: "invalid" },
    ]);
    expect(qrSizeAdjustments({ qrCodeWidth: 230, qrCodeHeight: 4000 })).toEqual([]);
    expect(qrSizeAdjustments({})).toEqual([]);
  });

  it("property: a positive request keeps its orientation", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 10_000, noNaN: true }),
        fc.double({ min: 0.5, max: 10_000, noNaN: true }),
        (qrCodeWidth, qrCodeHeight) => {
          const { qrCodeWidth: w, qrCodeHeight: h } = resolveQrLayout({ qrCodeWidth, qrCodeHeight });
          if (qrCodeWidth < qrCodeHeight) expect(w).toBeLessThanOrEqual(h);
          if (qrCodeWidth > qrCodeHeight) expect(w).toBeGreaterThanOrEqual(h);
        },
      ),
    );
  });
});
