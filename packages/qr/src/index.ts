/**
 * @module
 * `@cartax/qr`: QR cards for public links (docs/contract.md, The QR image): the layout rules, the SVG
 * composition (level H, centre logo over cleared modules, top logo, captions in a shipped font) and
 * rendering to PNG with resvg off the event loop.
 */

export { FONT_FAMILY, FONT_FILE, fontHasGlyph, MISSING_GLYPH, textWidth } from "./caption-font";
export { wrapCaption } from "./caption-lines";
export { drawingFingerprint } from "./drawing-fingerprint";
export {
  DEFAULT_LOGO_NAME,
  defaultLogo,
  InvalidLogoError,
  type Logo,
  MAX_LOGO_BYTES,
  toDataUri,
  validateLogo,
} from "./logo";
export {
  CENTRE_LOGO_AREA,
  type QrCardInput,
  QUIET_MODULES,
  qrCardSvg,
  qrModules,
  RENDER_OPTIONS,
  renderPng,
  renderQrCard,
  symbolBox,
} from "./qr-card";
export { type Box, centreLogoBox, LINE_HEIGHT, layoutQrCard, MARGIN, type QrCardLayout } from "./qr-layout";
export {
  QR_DEFAULTS,
  QR_LIMITS,
  type QrLayoutOptions,
  type QrSizeAdjustment,
  qrSizeAdjustments,
  resolveQrLayout,
} from "./qr-request-options";
export { PngRenderWorkers } from "./render-workers";
