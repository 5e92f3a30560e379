import { describe, expect, it } from "vitest";
import { savedComparison } from "../../testing/saved-comparison";
import { comparisonView } from "./comparison-view-model";
import { readSharedComparison } from "./shared-comparison";

describe("the comparison page's view", () => {
  const comparison = readSharedComparison(savedComparison({ years: 4, assumeLatestRules: true }));

  it("is plain data in the page's language: heading, ranking preview, the profile's lines", () => {
    const view = comparisonView(comparison, "en");
    // Held 4 years from a 2026 registration, counted by the day: the last part-year is 2030.
    expect(view.heading).toBe("2 cars, 2026–2030");
    expect(view.title).toBe(`${view.heading} — Company car comparison`);
    expect(view.description).toMatch(/^Ranking: 1\. .+ \(.+\) · 2\. /);
    expect(view.nameOf(comparison.rows[0])).toBe("Volvo XC40 T4 Recharge");
    expect(view.specs.every(([label, value]) => label !== "" && value !== "")).toBe(true);
    expect([...view.rankOf.keys()].sort()).toEqual([0, 1]);
    expect(view.anyAssumed).toBe(true);
  });

  it("writes the same comparison in each language", () => {
    const heading = (language: "nl" | "fr" | "en") => comparisonView(comparison, language).heading;
    expect(new Set([heading("nl"), heading("fr"), heading("en")]).size).toBe(3);
  });
});
