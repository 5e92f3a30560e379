import { describe, expect, it } from "vitest";
import { incompleteTotalText, noFigureText } from "./missing-figure-texts";

describe("a cell without a figure says why, a total that leaves one out says so", () => {
  it("names the missing input in the page's language", () => {
    expect(noFigureText({ outcome: "missingInput", missingFields: ["weight"] }, "en")).toBe(
      "missing: weight",
    );
    expect(noFigureText({ outcome: "missingInput", missingFields: ["weight"] }, "nl")).toBe(
      "ontbreekt: gewicht",
    );
    expect(noFigureText({ outcome: "missingInput", missingFields: ["weight", "capacity"] }, "fr")).toBe(
      "manque : poids et cylindrée",
    );
    // A field the page has no name for is never shown as the API's English name.
    expect(noFigureText({ outcome: "missingInput", missingFields: ["somethingNew"] }, "nl")).toBe(
      "ontbreekt: een gegeven",
    );
  });

  it("tells a tax not due from rules not published", () => {
    expect(noFigureText({ outcome: "notDue" }, "en")).toBe("not due this year");
    expect(noFigureText({ outcome: "notApplicable" }, "nl")).toBe("dit jaar niet verschuldigd");
    expect(noFigureText({ outcome: "rulesNotAvailable" }, "fr")).toBe("règles non publiées");
  });

  it("marks a total incomplete only when a due figure is left out", () => {
    expect(incompleteTotalText([{ name: "Road tax", gap: { outcome: "notDue" } }], "en")).toBe("");
    expect(
      incompleteTotalText(
        [
          { name: "Road tax", gap: { outcome: "missingInput", missingFields: ["weight"] } },
          { name: "Registration tax", gap: { outcome: "notApplicable" } },
        ],
        "en",
      ),
    ).toBe("incomplete total: leaves out Road tax (missing: weight)");
    expect(
      incompleteTotalText([{ name: "Verkeersbelasting", gap: { outcome: "rulesNotAvailable" } }], "nl"),
    ).toBe("onvolledig totaal: zonder Verkeersbelasting (regels niet gepubliceerd)");
  });
});
