import { describe, expect, it } from "vitest";
import { registeredMoreThan } from "./old-car";

// "sinds meer dan dertig jaar in het verkeer gebracht" (VCF art. 2.2.4.0.2 §1, 1°): strictly more.
describe("registeredMoreThan", () => {
  it("is false on the anniversary itself and true the day after", () => {
    expect(registeredMoreThan("1994-03-10", "2024-03-10", 30)).toBe(false);
    expect(registeredMoreThan("1994-03-10", "2024-03-11", 30)).toBe(true);
    expect(registeredMoreThan("1994-03-10", "2024-03-09", 30)).toBe(false);
  });

  it("takes 28 February as the anniversary of 29 February", () => {
    expect(registeredMoreThan("1996-02-29", "2021-02-28", 25)).toBe(false);
    expect(registeredMoreThan("1996-02-29", "2021-03-01", 25)).toBe(true);
  });
});
