import { describe, expect, it } from "vitest";
import { MISSING_GLYPH, textWidth } from "./caption-font";
import { wrapCaption } from "./caption-lines";
import { defaultLogo } from "./logo";
import { renderQrCard } from "./qr-card";
import { layoutQrCard, MARGIN, MIN_TOP_LOGO_HEIGHT } from "./qr-layout";
import { QR_DEFAULTS, QR_LIMITS, resolveQrLayout } from "./qr-request-options";
import { decodePng } from "./testing-decode";

const link = (length: number) => {
  const base = "https://api.cartax.be/p/";
  const token = "I8vaRwrjUs3niFMuY3CstAx7Q2m9Kd0pZr5Lw3Yt8Nc1Vb6Hj4Gf";
  return (base + token.repeat(4)).slice(0, length);
};

/** Rows of the image (from `from` to `to`) holding any dark pixel. */
function inkRows(decoded: ReturnType<typeof decodePng>, from: number, to: number): number[] {
  const rows: number[] = [];
  for (let y = Math.max(0, Math.ceil(from)); y < Math.min(decoded.height, to); y++) {
    for (let x = 0; x < decoded.width; x++) {
      if (decoded.dark(x, y)) {
        rows.push(y);
        break;
      }
    }
  }
  return rows;
}

describe("the smallest image that scans (QR_LIMITS.minImageSide)", () => {
  // The measurement behind the limit, kept true: at the limit and a few sizes above it, on the
  // default layout, every payload decodes with both decoders, in narrow, low and square images.
  const side = QR_LIMITS.minImageSide;
  for (const [width, height] of [
    [side, QR_DEFAULTS.qrCodeHeight],
    [QR_DEFAULTS.qrCodeWidth, side],
    [side, side],
    [side + 7, side + 7],
    [side + 23, QR_DEFAULTS.qrCodeHeight],
  ] as const) {
    it(`decodes every payload at ${width}×${height}`, async () => {
      for (const length of [30, 48, 60, 70, 85, 100]) {
        const content = link(length);
        const png = await renderQrCard({
          content,
          layout: resolveQrLayout({ qrCodeWidth: width, qrCodeHeight: height }),
          logo: defaultLogo(),
          topLogo: null,
        });
        const decoded = decodePng(png);
        expect([decoded.width, decoded.height]).toEqual([width, height]);
        expect(decoded.jsqr, `jsQR, ${length} characters`).toBe(content);
        expect(decoded.zxing, `ZXing, ${length} characters`).toBe(content);
      }
    }, 60_000);
  }

  it("answers a smaller width or height with the smallest side that scans (issue 31: never a silent swap of orientation), and the image scans", async () => {
    for (const small of [1, 50, 120, side - 1]) {
      const layout = resolveQrLayout({ qrCodeWidth: small, qrCodeHeight: small });
      expect([layout.qrCodeWidth, layout.qrCodeHeight]).toEqual([side, side]);
    }
    expect(resolveQrLayout({ qrCodeWidth: side, qrCodeHeight: 100 })).toMatchObject({
      qrCodeWidth: side,
      qrCodeHeight: side,
    });
    const decoded = decodePng(
      await renderQrCard({
        content: link(48),
        layout: resolveQrLayout({ qrCodeWidth: 120, qrCodeHeight: 120 }),
        logo: defaultLogo(),
        topLogo: null,
      }),
    );
    expect([decoded.width, decoded.height]).toEqual([side, side]);
    expect(decoded.zxing).toBe(link(48));
  });
});

describe("captions and the top logo never cut the code", () => {
  it("wraps a long caption between words, within the width less the margins", async () => {
    const caption = "Scan this code to see the registration tax and the road tax in every region";
    const layout = resolveQrLayout({ captionLine1: caption });
    const plan = layoutQrCard(layout, false);
    expect(plan.captions.length).toBeGreaterThan(1);
    expect(plan.captions.map((c) => c.text).join(" ")).toBe(caption);
    for (const line of plan.captions) expect(textWidth(line.text, 20)).toBeLessThanOrEqual(500 - 2 * MARGIN);
    const decoded = decodePng(
      await renderQrCard({ content: link(48), layout, logo: defaultLogo(), topLogo: null }),
    );
    expect(decoded.jsqr).toBe(link(48));
    expect(decoded.zxing).toBe(link(48));
    // Ink on the pixels: every wrapped line is drawn below the code, and none reaches the sides' margins.
    const below = inkRows(decoded, plan.code.y + plan.code.height + 1, 750);
    expect(below.length).toBeGreaterThan(plan.captions.length * 10);
    for (let y = Math.ceil(plan.code.y + plan.code.height); y < 750; y++) {
      for (const x of [0, 5, 10, 15, 484, 489, 494, 499]) expect(decoded.dark(x, y), `${x},${y}`).toBe(false);
    }
  });

  it("breaks a single word longer than the line", () => {
    const lines = wrapCaption("X".repeat(80), 460, 20);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join("")).toBe("X".repeat(80));
    for (const line of lines) expect(textWidth(line, 20)).toBeLessThanOrEqual(460);
  });

  it("drops caption lines that do not fit (the last kept ends with …), then shrinks and drops the top logo", async () => {
    // 500 × 600: the code takes 460 px of height and the margins 40, leaving 100 for the extras.
    const layout = resolveQrLayout({
      qrCodeWidth: 500,
      qrCodeHeight: 600,
      captionLine1: "A first caption line long enough to wrap over two lines of the card",
      captionLine2: "and a second one that also wraps over more lines than there is room for",
      captionTextSize: 24,
    });
    const plan = layoutQrCard(layout, true);
    expect(plan.code.width).toBe(460);
    expect(plan.code.y).toBeGreaterThanOrEqual(MARGIN);
    expect(plan.code.y + plan.code.height).toBeLessThanOrEqual(600 - MARGIN);
    // 20 px gap, then lines of 30 px: two fit in 100, the second ends with "…".
    expect(plan.captions).toHaveLength(2);
    expect(plan.captions.at(-1)?.text.endsWith("…")).toBe(true);
    // 100 - (20 + 2 × 30) - 20 leaves 0 px: the top logo is left out.
    expect(plan.topLogo).toBeNull();
    const decoded = decodePng(
      await renderQrCard({ content: link(70), layout, logo: defaultLogo(), topLogo: defaultLogo() }),
    );
    expect([decoded.width, decoded.height]).toEqual([500, 600]);
    expect(decoded.jsqr).toBe(link(70));
    expect(decoded.zxing).toBe(link(70));
    // Nothing is drawn in the 20 px margins above and below.
    expect(inkRows(decoded, 0, MARGIN)).toEqual([]);
    expect(inkRows(decoded, 600 - MARGIN, 600)).toEqual([]);

    // One caption line of 20 px (45 px with its gap): the top logo (220 × 110) is shrunk into the
    // 100 - 45 - 20 = 35 px left, its proportions kept.
    const shrunk = layoutQrCard(
      resolveQrLayout({ qrCodeWidth: 500, qrCodeHeight: 600, captionLine1: "Volvo" }),
      true,
    );
    expect(shrunk.topLogo?.height).toBeCloseTo(35, 6);
    expect(shrunk.topLogo?.width).toBeCloseTo(70, 6);
    expect(shrunk.topLogo?.y).toBeCloseTo(MARGIN, 6);
    expect(MIN_TOP_LOGO_HEIGHT).toBeLessThan(35);
  });

  it("keeps the whole code inside a landscape image with a caption and a top logo (the code wins)", async () => {
    const layout = resolveQrLayout({ qrCodeWidth: 800, qrCodeHeight: 400, captionLine1: "Caption" });
    const plan = layoutQrCard(layout, true);
    expect(plan.captions).toEqual([]);
    expect(plan.topLogo).toBeNull();
    expect(plan.code).toEqual({ x: 220, y: 20, width: 360, height: 360 });
    const decoded = decodePng(
      await renderQrCard({ content: link(48), layout, logo: defaultLogo(), topLogo: defaultLogo() }),
    );
    expect(decoded.zxing).toBe(link(48));
  });

  it("shrinks a top logo wider than the image to the width less the margins", () => {
    const plan = layoutQrCard(resolveQrLayout({ topLogoWidth: 1000, topLogoHeight: 100 }), true);
    expect(plan.topLogo?.width).toBeCloseTo(460, 6);
    expect(plan.topLogo?.height).toBeCloseTo(46, 6);
    expect(plan.topLogo?.x).toBeCloseTo(20, 6);
  });
});

describe("caption colours and glyphs", () => {
  it("accepts colours with or without #, in six or three digits; anything else is the default", () => {
    const colour = (captionColor: unknown) => resolveQrLayout({ captionColor }).captionColor;
    expect(colour("#1A2B3C")).toBe("1a2b3c");
    expect(colour("1a2b3c")).toBe("1a2b3c");
    expect(colour("#f80")).toBe("ff8800");
    expect(colour("f80")).toBe("ff8800");
    for (const bad of ["##123456", "#12345", "red", "#gg0000", 123456, null])
      expect(colour(bad)).toBe("000000");
  });

  it("draws a #-prefixed colour on the pixels", async () => {
    const layout = resolveQrLayout({ captionLine1: "██████", captionColor: "#ff0000", captionTextSize: 40 });
    const png = await renderQrCard({ content: link(48), layout, logo: defaultLogo(), topLogo: null });
    const { PNG } = await import("pngjs");
    const image = PNG.sync.read(png);
    const plan = layoutQrCard(layout, false);
    const caption = plan.captions[0];
    const y = Math.round((caption?.baseline ?? 0) - 10);
    const i = (y * image.width + 250) * 4;
    expect([image.data[i], image.data[i + 1], image.data[i + 2]]).toEqual([255, 0, 0]);
  });

  it("shows characters missing from the bundled font as �, visibly, instead of dropping them", async () => {
    const layout = resolveQrLayout({ captionLine1: "Car 🚗 車", captionLine2: "Škoda Ελληνικά Кириллица" });
    expect(layout.captionLine1).toBe(`Car ${MISSING_GLYPH} ${MISSING_GLYPH}`);
    expect(layout.captionLine2).toBe("Škoda Ελληνικά Кириллица");
    const decoded = decodePng(
      await renderQrCard({ content: link(48), layout, logo: defaultLogo(), topLogo: null }),
    );
    expect(decoded.zxing).toBe(link(48));
  });
});
