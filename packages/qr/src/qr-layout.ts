import type { QrLayoutOptions } from "./qr-request-options";

/** The spec's 20 px: margin around the code, gap to the top logo and to the caption. */
export const MARGIN = 20;
/** Caption lines are set this many times the text size apart. */
export const LINE_HEIGHT = 1.25;

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Where everything goes on the canvas (pixels; boxes may reach outside it: centre-crop). */
export interface QrCardLayout {
  readonly width: number;
  readonly height: number;
  readonly code: Box;
  readonly topLogo: Box | null;
  /** Baselines of the caption lines, centred horizontally at `x`. */
  readonly captions: readonly {
    readonly text: string;
    readonly x: number;
    readonly baseline: number;
    readonly top: number;
  }[];
}

/**
 * Layout rules 1, 2, 4–7 of docs/contract.md (The QR image): the canvas is exactly width × height; the code is
 * square and fills the shortest side less a 20 px margin on each side; top logo (resized to its
 * given size), code and caption lines are stacked with 20 px gaps, centred horizontally, and the
 * stack is centred vertically — when it is taller than the canvas, its middle stays and the rest is
 * cropped.
 */
export function layoutQrCard(options: QrLayoutOptions, hasTopLogo: boolean): QrCardLayout {
  const { qrCodeWidth: width, qrCodeHeight: height } = options;
  const side = Math.max(1, Math.min(width, height) - 2 * MARGIN);
  const lines = [options.captionLine1, options.captionLine2].filter((l): l is string => l !== null);
  const lineHeight = options.captionTextSize * LINE_HEIGHT;
  const topHeight = hasTopLogo ? options.topLogoHeight + MARGIN : 0;
  const captionHeight = lines.length > 0 ? MARGIN + lines.length * lineHeight : 0;
  const stack = topHeight + side + captionHeight;
  const top = (height - stack) / 2;
  const topLogo = hasTopLogo
    ? {
        x: (width - options.topLogoWidth) / 2,
        y: top,
        width: options.topLogoWidth,
        height: options.topLogoHeight,
      }
    : null;
  const code = { x: (width - side) / 2, y: top + topHeight, width: side, height: side };
  const captionTop = code.y + side + MARGIN;
  const captions = lines.map((text, i) => {
    const lineTop = captionTop + i * lineHeight;
    // The baseline sits about 80 % down the text size (DejaVu Sans ascent), the rest is leading.
    return {
      text,
      x: width / 2,
      top: lineTop,
      baseline: lineTop + (lineHeight - options.captionTextSize) / 2 + options.captionTextSize * 0.8,
    };
  });
  return { width, height, code, topLogo, captions };
}

/**
 * The centre logo's box: a square covering `areaFraction` of the code's area, centred on it.
 * The fraction the service uses is `CENTRE_LOGO_AREA` (see qr-card.ts for why).
 */
export function centreLogoBox(code: Box, areaFraction: number): Box {
  const side = code.width * Math.sqrt(areaFraction);
  return {
    x: code.x + (code.width - side) / 2,
    y: code.y + (code.height - side) / 2,
    width: side,
    height: side,
  };
}
