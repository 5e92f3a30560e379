import path from "node:path";
import type { Language } from "@cartax/engine";
import { testDatabases } from "@cartax/storage/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTEFACTS, axeViolations, haveBrowser, launchBrowser, textOf } from "../../testing/browser";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

// Two cars compared in Wallonia, asked in French: the plug-in hybrid has no weight, so its Walloon
// registration tax (reformed on 1 July 2025, it reads the maximum authorised mass) has no figure.
const request = {
  cars: [
    {
      carDetail: {
        name: "Volvo XC40 T4 Recharge",
        catalogPrice: 48000,
        firstRegistration: "2026-03-01",
        fuel: "PluginHybridPetrol",
        euroStandard: "Euro6",
        kilowatt: 155,
        wltp: 32,
        nedC2: 0,
        capacity: 1477,
        batteryCapacity: 19.5,
      },
    },
    {
      carDetail: {
        name: "Kia EV6",
        catalogPrice: 45000,
        firstRegistration: "2026-03-01",
        fuel: "Electric",
        euroStandard: "NA",
        kilowatt: 168,
        wltp: 0,
        nedC2: 0,
        weight: 2000,
        batteryCapacity: 77.4,
      },
    },
  ],
  userProfile: {
    postalCode: 4000,
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    regionRegistration: "Wallonia",
    language: "fr",
  },
  options: { registrationDate: "2026-03-01", years: 3, assumeLatestRules: true },
};

const words = {
  nl: { missing: "maximaal toegelaten massa", provisional: "voorlopig", meaning: /gezaghebbende bron/ },
  fr: { missing: "masse maximale autorisée", provisional: "provisoire", meaning: /aucune source officielle/ },
  en: { missing: "maximum authorised mass", provisional: "provisional", meaning: /no authoritative source/ },
} as const;

describe.skipIf(!haveBrowser)(
  "the comparison page in a real headless Chromium: provisional marks, the basis, the missing input",
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
      comparison = await readJson(await call(`${service.base}/Compare`, primaryKey, { body: request }));
      url = await service.publicPage(primaryKey, `comparisonid=${comparison.comparisonId}`);
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await service?.stop();
    });

    it.each(Object.keys(words) as Language[])(
      "%s: each line the API marks provisional is marked (and its total), with the meaning; each figure's basis; the missing input named in the page's language; axe-clean at 1280 and 390 px",
      async (lang) => {
        const w = words[lang];
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: lang });
        await page.goto(`${url}?lang=${lang}`);
        const rows: Json[] = comparison.rows;
        let marked = 0;
        for (const [index, row] of rows.entries()) {
          const provisionalCalculators = new Set<string>();
          for (const line of row.lines as Json[]) {
            const cell = `.years [data-calculator=${line.viewOption}] tr[data-car="${index}"] td[data-year="${line.year}"]`;
            const label = `car ${index} ${line.viewOption} ${line.year}`;
            const marks = page.locator(`${cell} [data-provisional]`);
            expect(await marks.count(), label).toBe(line.provisional ? 1 : 0);
            if (line.provisional) {
              marked++;
              provisionalCalculators.add(line.viewOption);
              expect(await textOf(page, `${cell} [data-provisional]`), label).toContain(w.provisional);
              const note = await marks.first().getAttribute("aria-describedby");
              expect(await textOf(page, `#${note}`), label).toMatch(w.meaning);
            }
            // The basis: the saved line's description, in French, marked as such on the nl and en pages.
            const basis = page.locator(`${cell} [data-basis]`);
            expect(await basis.textContent(), label).toContain(line.description);
            expect(await basis.getAttribute("lang"), label).toBe(lang === "fr" ? null : "fr");
          }
          // A total is marked when a yearly figure added into it is.
          for (const total of row.totals as Json[]) {
            if (total.rawValue === null) continue;
            const cell = `[data-testid=totals] tr[data-car="${index}"] td[data-calculator=${total.viewOption}]`;
            expect(await page.locator(`${cell} [data-provisional]`).count(), total.viewOption).toBe(
              provisionalCalculators.has(total.viewOption) ? 1 : 0,
            );
          }
          for (const line of row.unavailableLines as Json[]) {
            const cell = `.years [data-calculator=${line.viewOption}] tr[data-car="${index}"] td[data-year="${line.year}"]`;
            if (line.outcome !== "missingInput") continue;
            expect(line.missingFields).toEqual(["weight"]);
            const text = await textOf(page, `${cell} [data-outcome=missingInput]`);
            expect(text).toContain(w.missing);
            if (lang !== "en") expect(text).not.toMatch(/weight/i);
          }
        }
        expect(marked).toBeGreaterThan(0);
        expect(await page.locator("[data-outcome=missingInput]").count()).toBe(1);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({
          path: path.join(ARTEFACTS, `comparison-marks-${lang}-1280.png`),
          fullPage: true,
        });
        await page.setViewportSize({ width: 390, height: 844 });
        expect(
          await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
        ).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
        await page.close();
      },
      90_000,
    );
  },
);
