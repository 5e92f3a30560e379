import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CALCULATOR_NAMES, formatEuro, type Language } from "@cartax/engine";
import { testDatabases } from "@cartax/storage/testing";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPARED_CARS, compareRequest } from "../../testing/saved-comparison";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";
import { COMPARISON_TEXTS, fill } from "./comparison-texts";

const browserPath = "/usr/bin/chromium";
const haveBrowser = fs.existsSync(browserPath);
if (!haveBrowser && process.env.CI === "true")
  throw new Error(`${browserPath} is missing: CI must run the browser test`);

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const artefacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../test-artifacts");

/** axe-core's violations on the page (through the debugging protocol: the page's CSP allows no script). */
async function axeViolations(page: Page): Promise<{ id: string; help: string; nodes: number }[]> {
  await page.evaluate(axeSource);
  return page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => ({ id: v.id, help: v.help, nodes: v.nodes.length })))",
  );
}

// biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
const text = (page: Page, selector: string) => page.locator(selector).innerText();

describe.skipIf(!haveBrowser)("the public page of a comparison in a real headless Chromium", () => {
  const [sqlite] = testDatabases();
  let service: TestService;
  let browser: Browser;
  let url = "";
  let comparison: Json;
  beforeAll(async () => {
    if (!sqlite) return;
    service = await startTestService(sqlite);
    const { primaryKey } = await service.subscribe();
    comparison = await readJson(
      await call(`${service.base}/Compare`, primaryKey, {
        body: compareRequest({ years: 4, assumeLatestRules: true }),
      }),
    );
    url = await service.publicPage(primaryKey, `comparisonid=${comparison.comparisonId}`);
    browser = await chromium.launch({
      executablePath: browserPath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
    });
    fs.mkdirSync(artefacts, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it.each(["nl", "fr", "en"] as Language[])(
    "%s: one row per car with its totals, the ranking, the years, sources and assumed years; phone shows the ranking first; axe-clean; no script",
    async (lang) => {
      const t = COMPARISON_TEXTS[lang];
      const years: number[] = comparison.years;
      const rows: Json[] = comparison.rows;
      // Desktop first: the whole comparison.
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: lang });
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      await page.goto(`${url}?lang=${lang}`);
      expect(await text(page, "h1")).toBe(
        fill(t.heading, { count: rows.length, first: years[0] ?? 0, last: years.at(-1) ?? 0 }),
      );
      // The totals: one row per car, in the caller's order, each calculator's total as answered.
      const totalRows = page.locator("[data-testid=totals] tbody tr");
      expect(await totalRows.count()).toBe(rows.length);
      for (const [index, row] of rows.entries()) {
        const rowText = await text(page, `[data-testid=totals] tbody tr[data-car="${index}"]`);
        expect(rowText).toContain(COMPARED_CARS[index]?.name);
        for (const total of row.totals as Json[]) {
          if (total.unit !== "EUR" || total.rawValue === null) continue;
          const cell = await text(
            page,
            `[data-testid=totals] tr[data-car="${index}"] td[data-calculator=${total.viewOption}]`,
          );
          expect(cell).toContain(formatEuro(total.rawValue, lang));
        }
      }
      // The ranking, in rank order.
      const ranked = await page.locator("[data-testid=ranking] li").allInnerTexts();
      expect(ranked).toHaveLength(comparison.ranking.entries.length);
      for (const [i, entry] of (comparison.ranking.entries as Json[]).entries()) {
        expect(ranked[i]).toContain(COMPARED_CARS[entry.index]?.name);
        expect(ranked[i]).toContain(formatEuro(entry.rawValue, lang));
      }
      // Year by year: a table per calculator, a column per year it answers, a row per car.
      for (const calculator of Object.keys(CALCULATOR_NAMES[lang])) {
        const table = page.locator(`.years [data-calculator=${calculator}]`);
        expect(await text(page, `.years [data-calculator=${calculator}] h3`)).toBe(
          CALCULATOR_NAMES[lang][calculator as "RoadTax"],
        );
        expect(await table.locator("tbody tr").count()).toBe(rows.length);
        const expectedYears = calculator === "RoadTax" ? [years[0]] : years;
        expect(await table.locator("thead th").allInnerTexts()).toEqual([
          t.car,
          ...expectedYears.map(String),
        ]);
      }
      // Each yearly figure links the legal source its line gave; each assumed one says its year.
      const lines: Json[] = rows.flatMap((row) => [...row.lines, ...row.unavailableLines]);
      const hrefs: string[] = await page.evaluate(
        "[...document.querySelectorAll('.years a.source')].map((a) => a.getAttribute('href'))",
      );
      expect(hrefs).toEqual(expect.arrayContaining([...new Set(lines.map((l) => l.url))]));
      expect(hrefs.length).toBe(lines.length);
      const assumed = rows.flatMap((row, index) =>
        (row.lines as Json[])
          .filter((l) => l.assumedRulesYear !== undefined)
          .map((line) => ({ index, line })),
      );
      expect(assumed.length).toBeGreaterThan(0);
      expect(await page.locator("[data-assumed]").count()).toBe(assumed.length);
      for (const { index, line } of assumed) {
        const mark = `.years [data-calculator=${line.viewOption}] tr[data-car="${index}"] td[data-year="${line.year}"] [data-assumed]`;
        expect(await text(page, mark)).toBe(fill(t.assumed, { year: line.assumedRulesYear }));
      }
      expect(await page.locator("[data-testid=assumed-note]").count()).toBe(1);
      expect(await page.locator("script").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(artefacts, `comparison-page-${lang}.png`), fullPage: true });
      // A phone (390 × 844): the ranking on the first screen, no sideways scrolling.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      const box = await page.locator("[data-testid=ranking]").boundingBox();
      expect((box?.y ?? 900) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
      expect(
        await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
      ).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(artefacts, `comparison-page-${lang}-390x844.png`) });
      expect(requests.filter((r) => !r.startsWith(url))).toEqual([]);
      await page.close();
    },
    90_000,
  );
});
