import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkJsonDepth, jsonDepth, MAX_JSON_DEPTH } from "./json-depth";

/** The depth by the definition, recursively (fine for the small values generated here). */
const depthByDefinition = (value: unknown): number =>
  value === null || typeof value !== "object"
    ? 0
    : 1 + Math.max(0, ...(Array.isArray(value) ? value : Object.values(value)).map(depthByDefinition));

describe("jsonDepth", () => {
  it("is the nesting depth of arrays and objects (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(jsonDepth(value)).toBe(depthByDefinition(value));
      }),
    );
  });

  it("lets the limit through and refuses one level more, even 100,000 deep, without recursion", () => {
    const nested = (levels: number) => JSON.parse(`${"[".repeat(levels)}${"]".repeat(levels)}`);
    expect(() => checkJsonDepth(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => checkJsonDepth(nested(MAX_JSON_DEPTH + 1))).toThrow(/maxDepth/);
    expect(() => checkJsonDepth(nested(100_000))).toThrow(/deeper than 64 levels/);
    expect(() => checkJsonDepth({ a: 1, b: "x", c: [1, 2, { d: null }] })).not.toThrow();
  });
});
