import { CALCULATOR_NAMES, formatEuro, type Language } from "@cartax/engine";
import { describe, expect, it } from "vitest";
import { savedComparison } from "../../testing/saved-comparison";
import { MISSING_FIGURE_TEXTS } from "../kit/missing-figure-texts";
import { comparisonPageHtml } from "./comparison-page";
import { COMPARISON_TEXTS, fill } from "./comparison-texts";
import { readSharedComparison } from "./shared-comparison";

const render = (record: Parameters<typeof readSharedComparison>[0], language: Language) =>
  comparisonPageHtml({
    comparison: readSharedComparison(record),
    language,
    url: "https://api.cartax.test/p/x",
  });

/** The text of the HTML element that carries `marker`, tags removed. */
function textOf(html: string, marker: string): string {
  const start = html.indexOf(marker);
  expect(start, marker).toBeGreaterThanOrEqual(0);
  const tag = /^<(\w+)/.exec(html.slice(html.lastIndexOf("<", start)))?.[1] ?? "tr";
  const end = html.indexOf(`</${tag}>`, start);
  return html
    .slice(start, end)
    .replace(/<[^>]+>/g, " ")
    .replace(/[ \t\r\n]+/g, " ");
}

describe("the public page of a comparison (server-rendered)", () => {
  it("shows one row per car in the caller's order with the saved totals, the ranking and the years, in nl, fr and en", () => {
    const record = savedComparison({ years: 4, assumeLatestRules: true });
    const result = record.result;
    for (const language of ["nl", "fr", "en"] as const) {
      const html = render(record, language);
      const t = COMPARISON_TEXTS[language];
      expect(html).toContain(`<html lang="${language}">`);
      // Held 4 years from a 2026 registration by the day: the last part-year is 2030.
      expect(html).toContain(fill(t.heading, { count: 2, first: 2026, last: 2030 }));
      expect(html).not.toContain("<script");
      // The totals table: one row per car, in the caller's order, each saved total in the page's language.
      const totals = html.slice(html.indexOf('data-testid="totals"'));
      const order = result.rows.map((row) => totals.indexOf(`<tr data-car="${result.rows.indexOf(row)}"`));
      expect(order.every((at, i) => at > 0 && (i === 0 || at > (order[i - 1] ?? 0)))).toBe(true);
      for (const [index, row] of result.rows.entries()) {
        const rowText = textOf(totals, `<tr data-car="${index}"`);
        expect(rowText).toContain(row.name);
        for (const total of row.totals) {
          if (total.unit !== "EUR" || total.rawValue === null) continue;
          expect(rowText, `${row.name} ${total.viewOption}`).toContain(formatEuro(total.rawValue, language));
        }
      }
      // The ranking: the saved order, each car's ranking total.
      const ranking = textOf(html, 'data-testid="ranking"');
      const ranked = result.ranking.entries.map((e) => ranking.indexOf(result.rows[e.index]?.name ?? "?"));
      expect(ranked[0]).toBeGreaterThanOrEqual(0);
      expect(ranked[0]).toBeLessThan(ranked[1] ?? -1);
      for (const entry of result.ranking.entries)
        expect(ranking).toContain(formatEuro(entry.rawValue ?? Number.NaN, language));
      // Year by year: every year of the period, every calculator under the page language's name.
      for (const year of result.years) expect(html).toContain(`<th scope="col">${year}</th>`);
      for (const name of Object.values(CALCULATOR_NAMES[language])) expect(html).toContain(name);
    }
  });

  it("marks each figure computed under assumed rules with the year it assumed, and says so above", () => {
    const record = savedComparison({ years: 4, assumeLatestRules: true });
    const assumed = record.result.rows.flatMap((row, index) =>
      row.lines.filter((l) => l.assumedRulesYear !== undefined).map((line) => ({ index, line })),
    );
    // The fixture has assumed years (the rules of the last years are not published): the test can fail.
    expect(assumed.length).toBeGreaterThan(0);
    const html = render(record, "en");
    expect(html).toContain('data-testid="assumed-note"');
    expect(html.match(/data-assumed="\d{4}"/g)?.length).toBe(assumed.length);
    for (const { line } of assumed) expect(html).toContain(`rules of ${line.assumedRulesYear} assumed`);
    // A figure of its own year's rules carries no mark.
    const plain = render(savedComparison({ years: 2, assumeLatestRules: false }), "en");
    expect(plain).not.toContain("data-assumed=");
    expect(plain).not.toContain('data-testid="assumed-note"');
  });

  it("says why a year has no figure (never a zero), and that a total is incomplete", () => {
    const record = savedComparison({ years: 4, assumeLatestRules: false });
    const missing = record.result.rows[0]?.unavailableLines ?? [];
    expect(missing.some((l) => l.outcome === "rulesNotAvailable")).toBe(true);
    for (const language of ["nl", "fr", "en"] as const) {
      const html = render(record, language);
      // Issue 40: the cell says why, the total names the years it leaves out and why.
      const m = MISSING_FIGURE_TEXTS[language];
      expect(html).toContain(`<span class="no-figure-label">${m.rulesNotPublished}</span>`);
      const incomplete = [...html.matchAll(/data-incomplete="true">([^<]*)</g)].map((match) => match[1]);
      expect(incomplete.length).toBeGreaterThan(0);
      for (const text of incomplete) {
        expect(text?.startsWith(m.incompleteTotal.split("{items}")[0] ?? "?")).toBe(true);
        expect(text).toContain(`2028 (${m.rulesNotPublished})`);
      }
    }
  });

  it("links every figure to the legal source the comparison's line gave, and no other address", () => {
    const record = savedComparison({ years: 2, assumeLatestRules: false });
    const html = render(record, "nl");
    const figures = record.result.rows.flatMap((row) => row.lines);
    const links = [...html.matchAll(/<a class="source" href="([^"]+)"/g)].map((m) => m[1]);
    // One link per yearly figure and per total (the totals link the law of their tax).
    const totals = record.result.rows.flatMap((row) => row.totals);
    expect(links.length).toBe(
      figures.length + record.result.rows.flatMap((row) => row.unavailableLines).length + totals.length,
    );
    const saved = new Set(
      record.result.rows.flatMap((row) => [...row.lines, ...row.unavailableLines].map((l) => l.url)),
    );
    for (const link of links) expect(saved.has(link?.replaceAll("&amp;", "&") ?? "")).toBe(true);
  });

  it("shows no car id, owner, subscription or request data beyond the profile", () => {
    const record = savedComparison({
      years: 2,
      assumeLatestRules: false,
      carDetailId: "5e0b7f3c-1111-4a2b-9c3d-222233334444",
    });
    const html = render(record, "en");
    expect(html).not.toContain("5e0b7f3c-1111-4a2b-9c3d-222233334444");
    expect(html).not.toContain("9000");
    expect(html).toContain("Flanders");
    expect(html).toContain("A company");
  });

  it("renders whatever the record holds without throwing, and links only web addresses", () => {
    const odd = {
      request: null,
      result: {
        years: "x",
        rows: [
          {
            name: "<b>A</b>",
            lines: [{ viewOption: "YearlyTax", year: 2026, rawValue: 1, url: "javascript:alert(1)" }],
          },
          null,
          { lines: "no", totals: [{ viewOption: "Nope" }] },
        ],
        ranking: {
          by: "evil",
          entries: [
            { rank: 1, index: 7 },
            { rank: 1, index: 0, rawValue: "1" },
          ],
        },
      },
      rulesVersion: "2026.11.7",
      createdAt: "2026-11-25T10:00:00.000Z",
    };
    const html = render(odd, "fr");
    expect(html).not.toContain("javascript:");
    expect(html).toContain("&lt;b&gt;A&lt;/b&gt;");
    expect(html).toContain("Voiture 2");
    expect(render({ request: 1, result: "nope", rulesVersion: "v", createdAt: "?" }, "nl")).toContain(
      '<html lang="nl">',
    );
  });

  it("draws each car's yearly cost as a stacked bar per year, on the server: the saved figures of the euro taxes, assumed years marked", () => {
    const record = savedComparison({ years: 4, assumeLatestRules: true });
    const html = render(record, "en");
    expect(html).not.toContain("<script");
    const charts = html.slice(html.indexOf('data-testid="charts"'), html.indexOf('<section class="years">'));
    for (const [index, row] of record.result.rows.entries()) {
      const start = charts.indexOf(`<figure data-car="${index}"`);
      expect(start, row.name).toBeGreaterThanOrEqual(0);
      const figure = charts.slice(start, charts.indexOf("</figure>", start));
      expect(figure).toContain(row.name);
      const drawn = [
        ...figure.matchAll(/data-year="(\d+)" data-calculator="(\w+)" data-raw="([\d.]+)"/g),
      ].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
      const euro = new Set(row.totals.filter((t) => t.unit === "EUR").map((t) => t.viewOption));
      const saved = row.lines
        .filter((line) => euro.has(line.viewOption))
        .map((line) => `${line.year} ${line.viewOption} ${line.rawValue}`);
      expect(drawn.sort()).toEqual(saved.sort());
      // Years under assumed rules are labelled under their bar.
      const assumed = new Set(row.lines.filter((l) => l.assumedRulesYear !== undefined).map((l) => l.year));
      expect((figure.match(/font-style="italic"/g) ?? []).length).toBe(assumed.size);
    }
    expect(charts).toContain('id="car-0-hatch"');
    expect(charts).toContain('id="car-1-hatch"');
  });
});
