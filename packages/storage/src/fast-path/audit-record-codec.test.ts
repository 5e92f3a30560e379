import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AUDIT_DICTIONARY_1 } from "./audit-dictionary";
import { AUDIT_ENCODING, decodeAudit, encodeAudit } from "./audit-record-codec";

describe("audit record codec", () => {
  it("gives back any request and answer texts exactly", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme" }),
        fc.string({ unit: "grapheme" }),
        async (request, result) => {
          expect(decodeAudit(encodeAudit(request, result))).toEqual({ request, result });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps the dictionary of encoding 1 frozen: records written with it must stay readable", () => {
    // Changing the text would make every stored record of encoding 1 unreadable.
    expect(createHash("sha256").update(AUDIT_DICTIONARY_1, "utf8").digest("hex")).toBe(
      "7d7493ea83e0dec94a1c1c1d7483101a8a71a7689ab889ae59c682b228f458c2",
    );
    expect(AUDIT_ENCODING).toBe(1);
  });

  it("refuses an encoding it does not know instead of answering garbage", () => {
    const encoded = encodeAudit("{}", "{}");
    expect(() => decodeAudit({ ...encoded, encoding: 2 })).toThrow(/encoding 2 is unknown/);
  });
});
