import { describe, expect, it } from "vitest";
import { signBody, verifySignature } from "./signature";

describe("webhook signature", () => {
  // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
  const rfc4231 = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";

  it("is sha256= and the lowercase hex HMAC-SHA256 of the raw body (RFC 4231 case 2)", () => {
    expect(signBody("Jefe", "what do ya want for nothing?")).toBe(`sha256=${rfc4231}`);
  });

  it("verifies the matching header and rejects a changed body, a wrong key or a missing header", () => {
    const body = '{"eventId":"6f1c","updatedCalculations":[{"value":1,"label":"RoadTax"}]}';
    const header = signBody("s3cret", body);
    expect(verifySignature("s3cret", body, header)).toBe(true);
    expect(verifySignature("s3cret", `${body} `, header)).toBe(false);
    expect(verifySignature("other", body, header)).toBe(false);
    expect(verifySignature("s3cret", body, undefined)).toBe(false);
    expect(verifySignature("s3cret", body, header.toUpperCase())).toBe(false);
  });
});
