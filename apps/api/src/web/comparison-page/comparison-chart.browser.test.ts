import fs from "node:fs";
import path from "node:path";
import type { Language } from "@cartax/engine";
import { testDatabases } from "@cartax/storage/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTEFACTS, axeViolations, haveBrowser, launchBrowser } from "../../testing/browser";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

/**
 * Issue 40, points 2 and 3, in a real headless Chromium at 1280 and 390 px: the five cars of
 * packages/engine/test/fixtures/five-car-comparison.json compared on the employer's taxes (the BMW
 * 330e has no weight, the years 2027 and 2028 no published rules). The 330e's registration-tax
 * total says it is incomplete and names the missing input in the page's language; every car's
 * chart has one scale, its axis labels legible and whole, each year without a figure drawn as
 * such with its reason; the tables stay the accessible source; axe-core finds nothing.
 */
const fixture = JSON.parse(
  fs.readFileSync(
    new URL("../../../../../packages/engine/test/fixtures/five-car-comparison.json", import.meta.url),
    "utf8",
  ),
);

/** What the page must say, written here from the issue (en) and its translations. */
const WORDS: Record<Language, { missingWeight: string; rulesNotPublished: string; incomplete: RegExp }> = {
  en: {
    missingWeight: "missing: weight",
    rulesNotPublished: "rules not published",
    incomplete: /^incomplete total/,
  },
  nl: {
    missingWeight: "ontbreekt: gewicht",
    rulesNotPublished: "regels niet gepubliceerd",
    incomplete: /^onvolledig totaal/,
  },
  fr: {
    missingWeight: "manque : poids",
    rulesNotPublished: "règles non publiées",
    incomplete: /^total incomplet/,
  },
};

// biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text)
const text = (page: Page, selector: string) => page.locator(selector).innerText();

describe.skipIf(!haveBrowser)(
  "the comparison's incomplete totals and charts on one scale, in Chromium",
  () => {
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
          body: {
            cars: fixture.cars.map((carDetail: Json) => ({ carDetail })),
            // The employer's taxes only: RoadTax 1 + YearlyTax 2 + CO2Contribution 32.
            userProfile: { ...fixture.userProfile, viewOptions: 35 },
            options: fixture.options,
          },
        }),
      );
      url = await service.publicPage(primaryKey, `comparisonid=${comparison.comparisonId}`);
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await service?.stop();
    });

    /** The highest yearly cost of any car, added here from the answer's lines: the one scale's top. */
    const highestYear = () =>
      Math.max(
        ...(comparison.rows as Json[]).flatMap((row) =>
          (comparison.years as number[]).map((year) =>
            (row.lines as Json[]).filter((l) => l.year === year).reduce((sum, l) => sum + l.rawValue, 0),
          ),
        ),
      );
    /** The years in which a car has no figure at all (no published rules for any of its taxes). */
    const emptyYears = (row: Json) =>
      (comparison.years as number[]).filter((year) => !(row.lines as Json[]).some((l) => l.year === year));

    async function checkIncompleteTotal(page: Page, lang: Language) {
      const w = WORDS[lang];
      const total = await text(
        page,
        '[data-testid=totals] tr[data-car="0"] td[data-calculator=RoadTax] [data-incomplete]',
      );
      expect(total).toMatch(w.incomplete);
      expect(total).toContain(w.missingWeight);
      const cell = await text(
        page,
        '.years [data-calculator=RoadTax] tr[data-car="0"] td[data-year="2025"] .no-figure-label',
      );
      expect(cell).toBe(w.missingWeight);
      // The complete cars' registration tax is not marked.
      expect(
        await page
          .locator('[data-testid=totals] tr[data-car="1"] td[data-calculator=RoadTax] [data-incomplete]')
          .count(),
      ).toBe(0);
    }

    async function checkCharts(page: Page, lang: Language) {
      const charts = page.locator("[data-testid=charts] svg");
      expect(await charts.count()).toBe(5);
      const top = Math.round(highestYear());
      for (let i = 0; i < 5; i++) {
        const svg = charts.nth(i);
        // The chart is drawn for the eye; the tables below are the accessible source.
        expect(await svg.getAttribute("aria-hidden")).toBe("true");
        expect(await svg.locator("text[data-axis]").last().getAttribute("data-axis")).toBe(String(top));
        // Every bar's height is its amount on the one scale (rounded to a tenth of a unit).
        const bars = await svg
          .locator("rect[data-raw]")
          .evaluateAll((rects) =>
            rects.map((r) => [Number(r.getAttribute("height")), Number(r.getAttribute("data-raw"))]),
          );
        const plot = Number(await svg.locator("rect[data-gap]").first().getAttribute("height"));
        for (const [height, raw] of bars)
          expect(Math.abs((height ?? 0) - ((raw ?? 0) / top) * plot)).toBeLessThan(0.06);
        // Axis labels whole and legible: inside the drawing, at least 9 px high on the screen.
        const box = await svg.boundingBox();
        for (const label of await svg.locator("text[data-axis]").all()) {
          const b = await label.boundingBox();
          expect(b?.x ?? -1).toBeGreaterThanOrEqual(box?.x ?? 0);
          expect(b?.height ?? 0).toBeGreaterThanOrEqual(9);
        }
        // A year without any figure is drawn as such, with its reason.
        const row = (comparison.rows as Json[])[i] as Json;
        const empty = emptyYears(row);
        expect(empty.length).toBeGreaterThan(0);
        for (const year of empty) {
          expect(await svg.locator(`rect[data-gap="${year}"]`).count()).toBe(1);
          expect(await svg.locator(`rect[data-gap="${year}"] + text`).textContent()).toBe(
            WORDS[lang].rulesNotPublished,
          );
        }
        // The table holds the same years, saying why.
        for (const year of empty)
          expect(
            await text(
              page,
              `.years [data-calculator=YearlyTax] tr[data-car="${i}"] td[data-year="${year}"] .no-figure-label`,
            ),
          ).toBe(WORDS[lang].rulesNotPublished);
      }
    }

    it.each(["nl", "fr", "en"] as Language[])(
      "%s: the incomplete total names the missing input; the charts share one scale, legible at 1280 and 390 px; axe-clean",
      async (lang) => {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: lang });
        await page.goto(`${url}?lang=${lang}`);
        await checkIncompleteTotal(page, lang);
        await checkCharts(page, lang);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({
          path: path.join(ARTEFACTS, `comparison-charts-${lang}-1280.png`),
          fullPage: true,
        });
        await page
          .locator('[data-testid=charts] figure[data-car="0"]')
          .screenshot({ path: path.join(ARTEFACTS, `comparison-chart-330e-${lang}-1280.png`) });
        await page
          .locator('[data-testid=totals] tr[data-car="0"]')
          .screenshot({ path: path.join(ARTEFACTS, `comparison-total-330e-${lang}-1280.png`) });
        await page
          .locator("section:has([data-testid=ranking])")
          .screenshot({ path: path.join(ARTEFACTS, `comparison-ranking-${lang}-1280.png`) });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        await checkIncompleteTotal(page, lang);
        await checkCharts(page, lang);
        expect(
          await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
        ).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({
          path: path.join(ARTEFACTS, `comparison-charts-${lang}-390.png`),
          fullPage: true,
        });
        await page
          .locator('[data-testid=charts] figure[data-car="0"]')
          .screenshot({ path: path.join(ARTEFACTS, `comparison-chart-330e-${lang}-390.png`) });
        await page
          .locator('[data-testid=totals] tr[data-car="0"]')
          .screenshot({ path: path.join(ARTEFACTS, `comparison-total-330e-${lang}-390.png`) });
        await page
          .locator("section:has([data-testid=ranking])")
          .screenshot({ path: path.join(ARTEFACTS, `comparison-ranking-${lang}-390.png`) });
        await page.close();
      },
      120_000,
    );
  },
);
