import { describe, expect, it } from "vitest";
import { drawingFingerprint } from "./drawing-fingerprint";

describe("drawingFingerprint", () => {
  it("is a short digest, the same on every call of a build (request keys stay valid while it runs)", () => {
    const first = drawingFingerprint();
    expect(first).toMatch(/^[\w-]{16}$/);
    expect(drawingFingerprint()).toBe(first);
  });
});
