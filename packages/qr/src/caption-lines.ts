import { textWidth } from "./caption-font";

const ELLIPSIS = "…";

/** Splits a word wider than the line into pieces that fit, character by character. */
function breakWord(word: string, width: number, size: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const character of word) {
    if (piece !== "" && textWidth(piece + character, size) > width) {
      pieces.push(piece);
      piece = "";
    }
    piece += character;
  }
  if (piece !== "") pieces.push(piece);
  return pieces;
}

/**
 * A caption line as drawn lines no wider than `width` pixels at `size`: broken between words,
 * and inside a word only when the word alone is wider than the line.
 */
export function wrapCaption(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/ +/).filter((w) => w !== "")) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (textWidth(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== "") lines.push(line);
    const pieces = textWidth(word, size) <= width ? [word] : breakWord(word, width, size);
    line = pieces.pop() ?? "";
    lines.push(...pieces);
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** The last line kept when later lines are dropped: ends with "…" to show that text is missing. */
export function withEllipsis(line: string, width: number, size: number): string {
  const characters = [...line];
  while (characters.length > 0 && textWidth(`${characters.join("").trimEnd()}${ELLIPSIS}`, size) > width) {
    characters.pop();
  }
  return `${characters.join("").trimEnd()}${ELLIPSIS}`;
}
