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

/** Largest accepted values: larger ones are invalid and fall back to the default like any other. */
export const QR_LIMITS = {
  maxImageSide: 4000,
  maxTextSize: 200,
  maxLogoSide: 2000,
  maxCaptionLength: 200,
} as const;

const positiveInt = (value: unknown, fallback: number, max: number): number =>
  typeof value === "number" && Number.isInteger(value) && value > 0 && value <= max ? value : fallback;

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
  return text.trim() === "" ? null : text;
};

/**
 * Layout options with the spec's rule "invalid or omitted optional values fall back to their
 * default"; captionLine2 is used only when captionLine1 is set.
 */
export function resolveQrLayout(input: Partial<Record<keyof QrLayoutOptions, unknown>>): QrLayoutOptions {
  const line1 = caption(input.captionLine1);
  const line2 = line1 !== null ? caption(input.captionLine2) : null;
  const color =
    typeof input.captionColor === "string" && /^[0-9a-fA-F]{6}$/.test(input.captionColor)
      ? input.captionColor.toLowerCase()
      : QR_DEFAULTS.captionColor;
  return {
    qrCodeWidth: positiveInt(input.qrCodeWidth, QR_DEFAULTS.qrCodeWidth, QR_LIMITS.maxImageSide),
    qrCodeHeight: positiveInt(input.qrCodeHeight, QR_DEFAULTS.qrCodeHeight, QR_LIMITS.maxImageSide),
    captionLine1: line1,
    captionLine2: line2,
    captionColor: color,
    captionTextSize: positiveInt(input.captionTextSize, QR_DEFAULTS.captionTextSize, QR_LIMITS.maxTextSize),
    topLogoWidth: positiveInt(input.topLogoWidth, QR_DEFAULTS.topLogoWidth, QR_LIMITS.maxLogoSide),
    topLogoHeight: positiveInt(input.topLogoHeight, QR_DEFAULTS.topLogoHeight, QR_LIMITS.maxLogoSide),
  };
}
