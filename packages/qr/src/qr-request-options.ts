import { withDrawableGlyphs } from "./caption-font";

/** Defaults of a QrRequest (docs/contract.md, QrRequest table). */
export const QR_DEFAULTS = {
  logoPath: "Service_QR_Code",
  qrCodeWidth: 500,
  qrCodeHeight: 750,
  captionLine1: null,
  captionLine2: null,
  captionColor: "000000",
  captionTextSize: 20,
  topLogoPath: null,
  topLogoWidth: 220,
  topLogoHeight: 110,
} as const;

export interface QrLayoutOptions {
  readonly qrCodeWidth: number;
  readonly qrCodeHeight: number;
  readonly captionLine1: string | null;
  readonly captionLine2: string | null;
  readonly captionColor: string;
  readonly captionTextSize: number;
  readonly topLogoWidth: number;
  readonly topLogoHeight: number;
}

/**
 * Accepted ranges: values outside are invalid and fall back to the default like any other, but for
 * the image's sides, answered with the nearest side within them (`qrSizeAdjustments`).
 * `minImageSide`: a narrower or lower image leaves too few pixels per module to scan. Measured on
 * the default layout (default logo, no top logo, no caption) with jsQR and ZXing, payloads of 30 to
 * 100 characters, widths and heights from 100 px by steps of 10: every code decodes with both from
 * 230 px, some not below (ZXing on a narrow, tall card first); qr-fit.test.ts keeps it true.
 */
export const QR_LIMITS = {
  minImageSide: 230,
  maxImageSide: 4000,
  maxTextSize: 200,
  maxLogoSide: 2000,
  maxCaptionLength: 200,
} as const;

const positiveInt = (value: unknown, fallback: number, max: number, min = 1): number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : fallback;

// Characters XML 1.0 cannot hold (C0 controls but tab, line feed and carriage return; U+FFFE and
// U+FFFF; lone surrogates): the SVG renderer refuses a document that contains them.
// biome-ignore lint/complexity/useRegexLiterals: a literal would hold control characters, which Biome refuses
const NOT_IN_XML = new RegExp(
  "[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]",
  "g",
);

/** A caption as drawn: characters XML cannot hold dropped, line breaks and tabs as spaces. */
const caption = (value: unknown): string | null => {
  if (typeof value !== "string" || value.length > QR_LIMITS.maxCaptionLength) return null;
  const text = value.replace(NOT_IN_XML, "").replace(/[\t\r\n]/g, " ");
  return text.trim() === "" ? null : withDrawableGlyphs(text);
};

/**
 * A caption colour as six lowercase hexadecimal digits: `1a2b3c`, as CSS writes it `#1a2b3c`, or
 * the short forms `#abc` / `abc` (each digit doubled); anything else is invalid.
 */
const captionColor = (value: unknown): string => {
  if (typeof value !== "string") return QR_DEFAULTS.captionColor;
  const hex = value.trim().replace(/^#/, "").toLowerCase();
  if (/^[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^[0-9a-f]{3}$/.test(hex)) return [...hex].map((digit) => digit + digit).join("");
  return QR_DEFAULTS.captionColor;
};

/** A requested image side the image does not have, and why (issue 31: never in silence). */
export interface QrSizeAdjustment {
  readonly field: "qrCodeWidth" | "qrCodeHeight";
  /** The side the image has, in pixels. */
  readonly answered: number;
  /** The number requested, when it was a positive number. */
  readonly requested?: number;
  /**
   * `min` / `max`: outside QR_LIMITS (230–4000 px), the nearest side honoured; `integer`: a
   * fraction, rounded; `invalid`: not a positive number, the default (the contract's rule).
   */
  readonly rule: "min" | "max" | "integer" | "invalid";
}

/**
 * An image side as drawn: a positive number is a size request, answered with the nearest side that
 * can be honoured (whole pixels within QR_LIMITS, so a portrait request stays portrait); anything
 * else given is invalid and takes the default, as the contract's rule says. Omitted: the default.
 */
function imageSide(
  field: "qrCodeWidth" | "qrCodeHeight",
  value: unknown,
): { readonly side: number; readonly adjustment?: QrSizeAdjustment } {
  const fallback = QR_DEFAULTS[field];
  if (value === undefined || value === null) return { side: fallback };
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0)
    return { side: fallback, adjustment: { field, answered: fallback, rule: "invalid" } };
  const side = Math.min(QR_LIMITS.maxImageSide, Math.max(QR_LIMITS.minImageSide, Math.round(value)));
  if (side === value) return { side };
  const rule = value < QR_LIMITS.minImageSide ? "min" : value > QR_LIMITS.maxImageSide ? "max" : "integer";
  return { side, adjustment: { field, answered: side, requested: value, rule } };
}

/**
 * The requested image sides the image does not have as asked (empty when both are honoured or
 * omitted): the service says so in a header, the CLI on stderr.
 */
export function qrSizeAdjustments(
  input: Partial<Record<keyof QrLayoutOptions, unknown>>,
): QrSizeAdjustment[] {
  return (["qrCodeWidth", "qrCodeHeight"] as const).flatMap((field) => {
    const { adjustment } = imageSide(field, input[field]);
    return adjustment ? [adjustment] : [];
  });
}

/**
 * Layout options with the contract's rule "invalid or omitted optional values fall back to their
 * default", except that a positive image side outside the sides that scan or fit is answered with
 * the nearest one (`qrSizeAdjustments` says which); captionLine2 is used only when captionLine1 is
 * set. Characters the caption font cannot draw become "�" (caption-font.ts).
 */
export function resolveQrLayout(input: Partial<Record<keyof QrLayoutOptions, unknown>>): QrLayoutOptions {
  const line1 = caption(input.captionLine1);
  const line2 = line1 !== null ? caption(input.captionLine2) : null;
  const color = captionColor(input.captionColor);
  return {
    qrCodeWidth: imageSide("qrCodeWidth", input.qrCodeWidth).side,
    qrCodeHeight: imageSide("qrCodeHeight", input.qrCodeHeight).side,
    captionLine1: line1,
    captionLine2: line2,
    captionColor: color,
    captionTextSize: positiveInt(input.captionTextSize, QR_DEFAULTS.captionTextSize, QR_LIMITS.maxTextSize),
    topLogoWidth: positiveInt(input.topLogoWidth, QR_DEFAULTS.topLogoWidth, QR_LIMITS.maxLogoSide),
    topLogoHeight: positiveInt(input.topLogoHeight, QR_DEFAULTS.topLogoHeight, QR_LIMITS.maxLogoSide),
  };
}
