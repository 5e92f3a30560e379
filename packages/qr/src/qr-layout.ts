import { withEllipsis, wrapCaption } from "./caption-lines";
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

/** Where everything goes on the canvas (pixels; the code always lies wholly inside it). */
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

/** A top logo that would be drawn less than this many pixels high is left out. */
export const MIN_TOP_LOGO_HEIGHT = 16;

/**
 * Layout rules 1, 2, 4–7 of docs/contract.md (The QR image): the canvas is exactly width × height;
 * the code is square and fills the shortest side less a 20 px margin on each side; top logo (resized
 * to its given size), code and caption lines are stacked with 20 px gaps, centred horizontally, and
 * the stack is centred vertically.
 *
 * The code is never cut: where the contract would centre-crop a stack taller than the canvas, the
 * extras give way instead, in this order. Captions wrap to the width less the 20 px margins; caption
 * lines that do not fit under the code are dropped, the last kept one ending with "…"; the top logo
 * then takes the height that is left, shrunk with its proportions kept when it does not fit (or is
 * wider than the canvas less the margins), and is left out when it would be under 16 px high.
 */
export function layoutQrCard(options: QrLayoutOptions, hasTopLogo: boolean): QrCardLayout {
  const { qrCodeWidth: width, qrCodeHeight: height, captionTextSize: size } = options;
  const side = Math.max(1, Math.min(width, height) - 2 * MARGIN);
  // What the extras may take, gaps included: the stack keeps the 20 px margin above and below too.
  const room = height - side - 2 * MARGIN;
  const lineWidth = Math.max(1, width - 2 * MARGIN);
  const lineHeight = size * LINE_HEIGHT;
  const wrapped = [options.captionLine1, options.captionLine2]
    .filter((l): l is string => l !== null)
    .flatMap((line) => wrapCaption(line, lineWidth, size));
  const fitting = Math.max(0, Math.floor((room - MARGIN) / lineHeight));
  const lines = wrapped.slice(0, fitting);
  if (lines.length < wrapped.length && lines.length > 0) {
    lines[lines.length - 1] = withEllipsis(lines[lines.length - 1] ?? "", lineWidth, size);
  }
  const captionHeight = lines.length > 0 ? MARGIN + lines.length * lineHeight : 0;
  const scale = Math.min(
    1,
    lineWidth / options.topLogoWidth,
    (room - captionHeight - MARGIN) / options.topLogoHeight,
  );
  const logoHeight = options.topLogoHeight * scale;
  const logoWidth = options.topLogoWidth * scale;
  const showTop = hasTopLogo && logoHeight >= MIN_TOP_LOGO_HEIGHT;
  const topHeight = showTop ? logoHeight + MARGIN : 0;
  const stack = topHeight + side + captionHeight;
  const top = (height - stack) / 2;
  const topLogo = showTop
    ? { x: (width - logoWidth) / 2, y: top, width: logoWidth, height: logoHeight }
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
      baseline: lineTop + (lineHeight - size) / 2 + size * 0.8,
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
