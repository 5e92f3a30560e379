import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from "@zxing/library";
import jsQR from "jsqr";
import { PNG } from "pngjs";

/** A decoded PNG: its size, RGBA pixels, and what two independent QR decoders read in it. */
export function decodePng(png: Buffer) {
  const image = PNG.sync.read(png);
  const { width, height, data } = image;
  const jsqr =
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width, height)?.data ?? null;
  let zxing: string | null = null;
  try {
    const luminance = new Uint8ClampedArray(width * height);
    for (let i = 0; i < width * height; i++) {
      luminance[i] =
        ((data[i * 4] ?? 0) * 299 + (data[i * 4 + 1] ?? 0) * 587 + (data[i * 4 + 2] ?? 0) * 114) / 1000;
    }
    const source = new RGBLuminanceSource(luminance, width, height);
    zxing = new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
  } catch {
    zxing = null;
  }
  const dark = (x: number, y: number) => {
    const i = (Math.round(y) * width + Math.round(x)) * 4;
    return (data[i] ?? 255) < 128 && (data[i + 1] ?? 255) < 128 && (data[i + 2] ?? 255) < 128;
  };
  return { width, height, jsqr, zxing, dark };
}
