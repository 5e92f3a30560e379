import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
/** DejaVu Sans (free licence, see the dejavu-fonts-ttf package), loaded explicitly: no system fonts. */
export const FONT_FILE = path.join(
  path.dirname(require.resolve("dejavu-fonts-ttf/package.json")),
  "ttf",
  "DejaVuSans.ttf",
);
export const FONT_FAMILY = "DejaVu Sans";

/** What captions need of the font: which characters it draws and how wide they are. */
interface FontMetrics {
  readonly unitsPerEm: number;
  glyph(codePoint: number): number;
  advance(glyph: number): number;
}

/**
 * Reads the few tables of a TrueType file that measuring text needs: `head` (units per em),
 * `hhea` and `hmtx` (advance widths) and `cmap` (character to glyph, formats 12 and 4).
 */
function readMetrics(file: Buffer): FontMetrics {
  const tables = new Map<string, number>();
  const count = file.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + 16 * i;
    tables.set(file.toString("latin1", record, record + 4), file.readUInt32BE(record + 8));
  }
  const table = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`the caption font has no ${tag} table`);
    return offset;
  };
  const unitsPerEm = file.readUInt16BE(table("head") + 18);
  const metricsCount = file.readUInt16BE(table("hhea") + 34);
  const hmtx = table("hmtx");
  const advance = (glyph: number) => file.readUInt16BE(hmtx + 4 * Math.min(glyph, metricsCount - 1));

  const cmap = table("cmap");
  const subtables: { platform: number; encoding: number; offset: number }[] = [];
  for (let i = 0; i < file.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + 8 * i;
    subtables.push({
      platform: file.readUInt16BE(record),
      encoding: file.readUInt16BE(record + 2),
      offset: cmap + file.readUInt32BE(record + 4),
    });
  }
  const full = subtables.find(
    (t) => t.platform === 3 && t.encoding === 10 && file.readUInt16BE(t.offset) === 12,
  );
  const bmp = subtables.find(
    (t) => t.platform === 3 && t.encoding === 1 && file.readUInt16BE(t.offset) === 4,
  );
  let glyph: (codePoint: number) => number;
  if (full) {
    const groups = file.readUInt32BE(full.offset + 12);
    glyph = (codePoint) => {
      for (let i = 0; i < groups; i++) {
        const g = full.offset + 16 + 12 * i;
        const start = file.readUInt32BE(g);
        if (codePoint < start) return 0;
        if (codePoint <= file.readUInt32BE(g + 4)) return file.readUInt32BE(g + 8) + codePoint - start;
      }
      return 0;
    };
  } else if (bmp) {
    const at = bmp.offset;
    const segments = file.readUInt16BE(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const rangeOffsets = deltas + 2 * segments;
    glyph = (codePoint) => {
      if (codePoint > 0xffff) return 0;
      for (let i = 0; i < segments; i++) {
        if (codePoint > file.readUInt16BE(ends + 2 * i)) continue;
        const start = file.readUInt16BE(starts + 2 * i);
        if (codePoint < start) return 0;
        const delta = file.readUInt16BE(deltas + 2 * i);
        const rangeOffset = file.readUInt16BE(rangeOffsets + 2 * i);
        if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
        const id = file.readUInt16BE(rangeOffsets + 2 * i + rangeOffset + 2 * (codePoint - start));
        return id === 0 ? 0 : (id + delta) & 0xffff;
      }
      return 0;
    };
  } else {
    throw new Error("the caption font has no Unicode cmap");
  }
  return { unitsPerEm, glyph, advance };
}

let metrics: FontMetrics | undefined;
const font = () => {
  metrics ??= readMetrics(fs.readFileSync(FONT_FILE));
  return metrics;
};

/** Whether the caption font draws this character (anything else would be left out by the renderer). */
export const fontHasGlyph = (codePoint: number): boolean => font().glyph(codePoint) !== 0;

/**
 * What a character the font cannot draw becomes: the replacement character "�" (U+FFFD, in DejaVu
 * Sans), so that a caption with an emoji or a Chinese name shows that something is missing
 * instead of silently losing letters.
 */
export const MISSING_GLYPH = "\ufffd";

/** The caption as the font can draw it: characters without a glyph become MISSING_GLYPH. */
export function withDrawableGlyphs(text: string): string {
  let out = "";
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    out += codePoint === 0x20 || fontHasGlyph(codePoint) ? character : MISSING_GLYPH;
  }
  return out;
}

/** The width of a line of text at `size` pixels (advance widths, no kerning: a little generous). */
export function textWidth(text: string, size: number): number {
  const { unitsPerEm, glyph, advance } = font();
  let units = 0;
  for (const character of text) units += advance(glyph(character.codePointAt(0) ?? 0));
  return (units / unitsPerEm) * size;
}
