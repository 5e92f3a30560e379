import { describe, expect, it } from "vitest";
import { RULE_TABLES } from "../../law/registry";
import { ruleBook, ruleBookPath } from "./rule-book";

describe("the rule book", () => {
  const pages = ruleBook();

  it("has one page per tax and region: three registration taxes, three road taxes, four federal taxes", () => {
    expect(pages.map((p) => p.path)).toEqual([
      "flanders/registration-tax",
      "wallonia/registration-tax",
      "brussels/registration-tax",
      "flanders/annual-road-tax",
      "wallonia/annual-road-tax",
      "brussels/annual-road-tax",
      "federal/benefit-in-kind",
      "federal/deduction",
      "federal/rejected-expenses",
      "federal/co2-contribution",
    ]);
  });

  it("shows every registered parameter on at least one page, and on the pages of its calculators only", () => {
    const shown = new Set(pages.flatMap((p) => p.parameters.map((q) => q.id)));
    expect([...shown].sort()).toEqual(RULE_TABLES.map((t) => t.table.id).sort());
    for (const page of pages)
      for (const parameter of page.parameters) expect(parameter.calculators).toContain(page.calculator);
  });

  it("keeps a regional parameter off the other regions' pages", () => {
    const ids = (path: string) => pages.find((p) => p.path === path)?.parameters.map((q) => q.id) ?? [];
    expect(ids("flanders/registration-tax")).toContain("flanders.index");
    expect(ids("wallonia/registration-tax")).not.toContain("flanders.index");
    // The parameters every region shares (regional.*) are on each region's page.
    expect(ids("brussels/annual-road-tax")).toEqual([
      "brussels.roadTax.oldCarFlat",
      "brussels.roadTax.oldCarYears",
      "brussels.roadTax.periodCounting",
      "brussels.roadTax.scale",
      "regional.roadTax.lpgSupplement",
      "regional.roadTax.scaleClasses",
      "regional.roadTax.surcharge",
    ]);
  });

  it("gives each parameter an anchor unique on its page, without the region and tax the page already says", () => {
    for (const page of pages) {
      const anchors = page.parameters.map((p) => p.anchor);
      expect(new Set(anchors).size).toBe(anchors.length);
      for (const anchor of anchors) expect(anchor).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    const flemish = pages.find((p) => p.path === "flanders/registration-tax");
    expect(flemish?.parameters.map((p) => p.anchor)).toEqual(expect.arrayContaining(["q", "x", "index"]));
  });

  it("addresses a parameter as a line used it: by calculator and region, federal pages for every region", () => {
    expect(ruleBookPath("RoadTax", "Flanders", "flanders.biv.q")).toBe("flanders/registration-tax/q");
    expect(ruleBookPath("RoadTax", "Flanders", "flanders.biv.minimum")).toBe(
      "flanders/registration-tax/minimum",
    );
    expect(ruleBookPath("YearlyTax", "Flanders", "flanders.index")).toBe("flanders/annual-road-tax/index");
    expect(ruleBookPath("RoadTax", "Wallonia", "flanders.biv.q")).toBeUndefined();
    expect(ruleBookPath("BenefitInKind", "Wallonia", "bik.minimum")).toBe("federal/benefit-in-kind/minimum");
    expect(ruleBookPath("RejectedExpenses", "Brussels", "bik.minimum")).toBe(
      "federal/rejected-expenses/bik-minimum",
    );
    expect(ruleBookPath("BenefitInKind", "Flanders", "no.such.parameter")).toBeUndefined();
  });
});
