import { describe, expect, it } from "vitest";
import { formatLongDate, formatQuantity } from "./page-format";

describe("the public page's numbers and dates, as people write them", () => {
  it("writes decimals and thousands in the language's way, the unit after a no-break space", () => {
    expect(formatQuantity(19.5, "kWh", "nl")).toBe("19,5\u00a0kWh");
    expect(formatQuantity(19.5, "kWh", "fr")).toBe("19,5\u00a0kWh");
    expect(formatQuantity(19.5, "kWh", "en")).toBe("19.5\u00a0kWh");
    expect(formatQuantity(1477, "cm³", "nl")).toBe("1.477\u00a0cm³");
    expect(formatQuantity(1477, "cm³", "fr")).toBe("1\u202f477\u00a0cm³");
    expect(formatQuantity(1477, "cm³", "en")).toBe("1,477\u00a0cm³");
    expect(formatQuantity(155, "kW", "nl")).toBe("155\u00a0kW");
  });

  it("writes dates in words, in the language, as the calendar date given (no time zone shift)", () => {
    expect(formatLongDate("2026-11-25", "nl")).toBe("25 november 2026");
    expect(formatLongDate("2026-11-25", "fr")).toBe("25 novembre 2026");
    expect(formatLongDate("2026-11-25", "en")).toBe("25 November 2026");
    expect(formatLongDate("2025-03-01T00:00:00", "fr")).toBe("1er mars 2025");
    expect(formatLongDate("2025-03-01", "nl")).toBe("1 maart 2025");
    expect(formatLongDate("2025-03-01", "en")).toBe("1 March 2025");
  });
});
