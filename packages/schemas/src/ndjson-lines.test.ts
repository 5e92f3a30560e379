import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type NdjsonLine, ndjsonLines } from "./ndjson-lines";

async function* chunksOf(parts: readonly (string | Uint8Array)[]) {
  for (const part of parts) yield part;
}

async function collect(parts: readonly (string | Uint8Array)[], max?: number): Promise<NdjsonLine[]> {
  const lines: NdjsonLine[] = [];
  for await (const line of ndjsonLines(chunksOf(parts), max)) lines.push(line);
  return lines;
}

/** The lines of a whole text as a reader of NDJSON expects them, written independently of the code. */
function expectedLines(text: string): NdjsonLine[] {
  if (text === "") return [];
  const pieces = text.split("\n");
  if (text.endsWith("\n")) pieces.pop();
  return pieces.map((piece, i) => ({ line: i + 1, text: piece.endsWith("\r") ? piece.slice(0, -1) : piece }));
}

describe("ndjsonLines", () => {
  it("numbers lines from 1, drops a CR before LF, and a final newline starts no empty line", async () => {
    expect(await collect(['{"a":1}\r\n{"b"', ':2}\n\n{"c":3}'])).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, text: '{"b":2}' },
      { line: 3, text: "" },
      { line: 4, text: '{"c":3}' },
    ]);
    expect(await collect(["x\n"])).toEqual([{ line: 1, text: "x" }]);
    expect(await collect([])).toEqual([]);
  });

  it("drops a UTF-8 byte order mark at the start of the stream only (issue 31)", async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
    expect(await collect([bom, '{"a":1}\n\uFEFF{"b":2}\n'])).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, text: '\uFEFF{"b":2}' },
    ]);
  });

  it("decodes a UTF-8 character split across chunks", async () => {
    const bytes = Buffer.from('{"name":"Citroën"}\n', "utf8");
    const at = bytes.indexOf(0xc3) + 1;
    expect(await collect([bytes.subarray(0, at), bytes.subarray(at)])).toEqual([
      { line: 1, text: '{"name":"Citroën"}' },
    ]);
  });

  it("reports a line longer than the limit as too long without keeping it, and goes on", async () => {
    const lines = await collect(["abcd\n", "abcdef", "gh\r\n", "abcde\r\n", "xyz"], 5);
    expect(lines).toEqual([
      { line: 1, text: "abcd" },
      { line: 2, tooLong: true },
      { line: 3, text: "abcde" },
      { line: 4, text: "xyz" },
    ]);
  });

  it("gives the lines of the whole text however the stream is cut (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("a", "é", "\n", "\r\n", "{", "}", '"', "€"), { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (symbols, cuts) => {
          const text = symbols.join("");
          const bytes = Buffer.from(text, "utf8");
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const parts: Uint8Array[] = [];
          let from = 0;
          for (const point of [...points, bytes.length]) {
            parts.push(bytes.subarray(from, point));
            from = point;
          }
          expect(await collect(parts)).toEqual(expectedLines(text));
        },
      ),
    );
  });
});
