import path from "node:path";
import { type Language, ruleBook } from "@cartax/engine";
import { testDatabases } from "@cartax/storage/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTEFACTS, axeViolations, haveBrowser, launchBrowser, textOf } from "../../testing/browser";
import { startTestService, type TestService } from "../../testing/test-service";
import { BOOK_SUMMARIES } from "./book-summaries";

const pages = ruleBook();

// What a person reads, per language, where the law writes a table: the Flemish BIV's age correction
// (VCF art. 2.3.4.1.2/1 5°: 100 % in the first 12 months) and the first class of the road-tax scale.
const words = {
  nl: {
    ageBand: "minder dan 12 maanden",
    scaleHp: "Fiscale pk",
    noteMark: "(in het Engels)",
    official: "Primaire bron: officiële tekst",
  },
  fr: {
    ageBand: "moins de 12 mois",
    scaleHp: "CV fiscaux",
    noteMark: "(en anglais)",
    official: "Source primaire: texte officiel",
  },
  en: {
    ageBand: "less than 12 months",
    scaleHp: "Fiscal HP",
    noteMark: "(in English)",
    official: "Primary source: official text",
  },
} as const;

/** Parts of the page wider than their card (a table pushed out of its section), by parameter. */
async function outOfCard(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('article.parameter')].flatMap((article) => {
    const card = article.closest('section').getBoundingClientRect();
    return [...article.querySelectorAll('table.rows, .row-facts, .value-table')]
      .filter((e) => e.getBoundingClientRect().right > card.right + 0.5 || e.scrollWidth > e.clientWidth + 1)
      .map((e) => article.id + ' ' + e.className);
  })`);
}

describe.skipIf(!haveBrowser)(
  "the rule book in a real headless Chromium: tables fit their card, values as the law writes them, labels follow the data, texts in the page's language",
  () => {
    const [sqlite] = testDatabases();
    let service: TestService;
    let browser: Browser;
    beforeAll(async () => {
      if (!sqlite) return;
      service = await startTestService(sqlite);
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await service?.stop();
    });

    it("has the summary and formula of every page in nl and fr", () => {
      for (const language of ["nl", "fr"] as const)
        for (const page of pages) {
          const text = BOOK_SUMMARIES[language][page.path];
          expect(text?.summary, `${language} ${page.path}`).toBeTruthy();
          expect(text?.formula, `${language} ${page.path}`).toBeTruthy();
          expect(text?.summary).not.toBe(page.summary);
        }
    });

    it.each(Object.keys(words) as Language[])(
      "%s: every page at 1280 and 390 px",
      async (lang) => {
        const w = words[lang];
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: lang });
        for (const book of pages) {
          for (const width of [1280, 390]) {
            await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
            await page.goto(`${service.server.url}/rules/${book.path}?lang=${lang}`);
            const where = `${book.path} ${width}`;
            // Every parameter table, with its sources and notes, fits the card: no far scrollbar.
            expect(await outOfCard(page), where).toEqual([]);
            expect(
              await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
              where,
            ).toBeLessThanOrEqual(0);
            if (width === 390) continue;
            // The law and the formula in the page's language, no "in English" notice.
            const summary = await textOf(page, "[data-testid=summary]");
            const formula = await textOf(page, "[data-testid=formula]");
            if (lang === "en") expect(summary).toBe(book.summary);
            else {
              expect(summary, where).toBe(BOOK_SUMMARIES[lang][book.path]?.summary);
              expect(formula, where).toBe(BOOK_SUMMARIES[lang][book.path]?.formula);
              expect(await page.locator('[data-testid=summary][lang="en"]').count()).toBe(0);
            }
            // A value never reads as a raw structure ("[belowMonths: 12, percent: 100; …]").
            const values = await page.locator("td.value").allInnerTexts();
            for (const value of values) expect(value, where).not.toMatch(/[[{]|\b[a-z]+[A-Z]\w*\s*:/);
            // "official text" only where the figure was read in the legal text; each row's label
            // follows its data (an official status with a reason: the figure is secondary).
            for (const parameter of book.parameters)
              for (const row of parameter.rows) {
                if (row.primarySource === undefined) continue;
                const status = await textOf(
                  page,
                  `article[id="${parameter.anchor}"] tr[data-from="${row.from}"] .primary`,
                );
                if (row.primarySource === "official") expect(status, parameter.id).toBe(w.official);
                else expect(status, `${parameter.id} ${row.from}`).not.toBe(w.official);
              }
            // Notes are the data's English, marked so in words and in lang.
            const notes = page.locator(".row-facts dd[lang=en]");
            const count = await notes.count();
            for (let i = 0; i < Math.min(count, 5); i++) {
              // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text)
              const label = await notes.nth(i).locator("xpath=preceding-sibling::dt[1]").innerText();
              expect(label, where).toContain(w.noteMark);
            }
          }
        }
        // The law's tables as tables: the age correction by months, the scale by fiscal HP.
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(`${service.server.url}/rules/flanders/registration-tax?lang=${lang}`);
        const firstBand = await textOf(page, "article#age-correction tr[data-from] .value-table tbody tr");
        expect(firstBand).toMatch(new RegExp(`^${w.ageBand}\\s+100\\s%$`));
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(ARTEFACTS, `rule-book-biv-${lang}-1280.png`) });
        await page.goto(`${service.server.url}/rules/brussels/annual-road-tax?lang=${lang}`);
        const scale = page.locator('article#scale tr[data-from] [data-value="scale"]').first();
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text)
        expect(await scale.locator("thead th").first().innerText()).toBe(w.scaleHp);
        // Classes 4 (the first, "up to 4") to 20, then the amount per HP above 20.
        expect(await scale.locator("tbody tr").count()).toBe(18);
        expect(await axeViolations(page)).toEqual([]);
        await page.setViewportSize({ width: 390, height: 844 });
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({
          path: path.join(ARTEFACTS, `rule-book-road-tax-${lang}-390.png`),
          fullPage: true,
        });
        await page.close();
      },
      240_000,
    );
  },
);
