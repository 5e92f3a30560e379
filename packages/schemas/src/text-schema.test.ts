import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { carDetailSchema } from "./car-detail-schema";
import { parseCalculationRequest } from "./parse-calculation-request";
import { fieldErrorsOf } from "./problem-details";
import { isUnstorableText } from "./text-schema";

const car = {
  catalogPrice: 35000,
  firstRegistration: "2024-02-01",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 96,
  wltp: 128,
  nedC2: 0,
  capacity: 1498,
};

describe("text that reaches storage", () => {
  it("is refused when it holds U+0000 or an unpaired surrogate, and only then", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        // Well-formed text survives a UTF-8 round trip; NUL is the one well-formed character refused.
        const wellFormed = Buffer.from(text, "utf8").toString("utf8") === text;
        expect(isUnstorableText(text)).toBe(!wellFormed || text.includes("\u0000"));
      }),
    );
    expect(isUnstorableText("Golf \uD83D\uDE97")).toBe(false);
    expect(isUnstorableText("Golf \uDE97\uD83D")).toBe(true);
  });

  it("is a 400 format naming the field: name, internalName, version", () => {
    for (const field of ["name", "internalName"]) {
      const parsed = carDetailSchema.safeParse({ ...car, [field]: "a\u0000b" });
      expect(parsed.success).toBe(false);
      if (!parsed.success)
        expect(fieldErrorsOf(parsed.error)).toEqual([expect.objectContaining({ field, rule: "format" })]);
    }
    const request = parseCalculationRequest({
      carDetail: car,
      userProfile: { postalCode: 9000, status: 30, registrationOn: 20, regionRegistration: 0 },
      options: { registrationDate: "2024-02-01" },
      version: "\uD800",
    });
    expect(request.ok ? [] : request.problem.errors).toEqual([
      expect.objectContaining({ field: "version", rule: "format" }),
    ]);
  });
});
