/** Defaults of a QrRequest (interface spec, QrRequest table). */
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

const positiveInt = (value: unknown, fallback: number): number =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : fallback;

/**
 * Layout options with the spec's rule "invalid or omitted optional values fall back to their
 * default"; captionLine2 is used only when captionLine1 is set.
 */
export function resolveQrLayout(input: Partial<Record<keyof QrLayoutOptions, unknown>>): QrLayoutOptions {
  const line1 =
    typeof input.captionLine1 === "string" && input.captionLine1 !== "" ? input.captionLine1 : null;
  const line2 =
    line1 !== null && typeof input.captionLine2 === "string" && input.captionLine2 !== ""
      ? input.captionLine2
      : null;
  const color =
    typeof input.captionColor === "string" && /^[0-9a-fA-F]{6}$/.test(input.captionColor)
      ? input.captionColor.toLowerCase()
      : QR_DEFAULTS.captionColor;
  return {
    qrCodeWidth: positiveInt(input.qrCodeWidth, QR_DEFAULTS.qrCodeWidth),
    qrCodeHeight: positiveInt(input.qrCodeHeight, QR_DEFAULTS.qrCodeHeight),
    captionLine1: line1,
    captionLine2: line2,
    captionColor: color,
    captionTextSize: positiveInt(input.captionTextSize, QR_DEFAULTS.captionTextSize),
    topLogoWidth: positiveInt(input.topLogoWidth, QR_DEFAULTS.topLogoWidth),
    topLogoHeight: positiveInt(input.topLogoHeight, QR_DEFAULTS.topLogoHeight),
  };
}
