/**
 * @module
 * `@cartax/qr`: layout and rendering of QR cards for public links. Rendering lands with the
 * sharing issue; the layout rules of the interface spec are here already.
 */
export { QR_DEFAULTS, type QrLayoutOptions, resolveQrLayout } from "./qr-request-options";
