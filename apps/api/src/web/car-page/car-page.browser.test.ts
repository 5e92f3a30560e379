import path from "node:path";
import type { Language } from "@cartax/engine";
import { testDatabases } from "@cartax/storage/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBelgium } from "../../http/belgian-date";
import { ARTEFACTS, axeViolations, haveBrowser, launchBrowser, textOf } from "../../testing/browser";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

// A plug-in hybrid without its weight: the Walloon registration tax (reformed on 1 July 2025, it
// reads the maximum authorised mass) has no figure, the other taxes have one.
const withoutWeight = {
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
};

// A petrol car of 2019 whose CO2 is not known (no WLTP, NEDC 0): the benefit in kind uses the law's
// figure for an unknown emission.
const co2Unknown = {
  name: "Peugeot 308 (2019)",
  catalogPrice: 30000,
  firstRegistration: "2019-03-01",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 96,
  nedC2: 0,
  capacity: 1199,
  weight: 1700,
};

// What a person reads, per language: the missing input as the law names it (never the API's field
// name `weight` in nl or fr), the word of the provisional mark and its meaning, the basis's first
// words and the sentence of the law's fallback for an unknown CO2.
const words = {
  nl: {
    missing: "maximaal toegelaten massa",
    provisional: "voorlopig",
    meaning: /nog niet door een gezaghebbende bron bevestigd/,
    catalogue: "Cataloguswaarde",
    fallback: "CO2-uitstoot onbekend: de wettelijke regeling voor een onbekende uitstoot",
  },
  fr: {
    missing: "masse maximale autorisée",
    provisional: "provisoire",
    meaning: /aucune source officielle n’a encore confirmé/,
    catalogue: "Valeur catalogue",
    fallback: "Émission de CO2 inconnue : la règle légale pour une émission inconnue",
  },
  en: {
    missing: "maximum authorised mass",
    provisional: "provisional",
    meaning: /no authoritative source has confirmed/,
    catalogue: "Catalogue value",
    fallback: "CO2 emission unknown: the legal fallback for an unknown emission",
  },
} as const;

const REGIONS = ["Flanders", "Wallonia", "Brussels"] as const;
const COLUMNS = { RoadTax: 1, YearlyTax: 2 } as const;

describe.skipIf(!haveBrowser)(
  "the car page in a real headless Chromium: provisional marks, the basis of each figure, the missing input",
  () => {
    const [sqlite] = testDatabases();
    let service: TestService;
    let browser: Browser;
    let primaryKey = "";
    const urls = { withoutWeight: "", co2Unknown: "" };
    const today = todayInBelgium();

    /** The public link of a car saved by the API. */
    async function linkOf(car: object): Promise<string> {
      const { id } = await readJson(await call(`${service.base}/CarDetails`, primaryKey, { body: car }));
      return service.publicPage(primaryKey, `cardetailid=${id}`);
    }

    /** The API's lines of this year for the car in a region, as POST /v1/Calculate answers them. */
    async function apiLines(car: object, region: string, language: Language) {
      const body = await readJson(
        await call(`${service.base}/Calculate`, primaryKey, {
          body: {
            carDetail: car,
            userProfile: {
              postalCode: 1000,
              status: "SelfEmployed",
              registrationOn: "CompanyRegistration",
              regionRegistration: region,
              language,
            },
            options: { registrationDate: today },
          },
        }),
      );
      const year = Number(today.slice(0, 4));
      return {
        lines: (body.lines as Json[]).filter((l) => l.year === year),
        unavailable: (body.unavailableLines as Json[]).filter((l) => l.year === year),
      };
    }

    beforeAll(async () => {
      if (!sqlite) return;
      service = await startTestService(sqlite);
      ({ primaryKey } = await service.subscribe());
      urls.withoutWeight = await linkOf(withoutWeight);
      urls.co2Unknown = await linkOf(co2Unknown);
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await service?.stop();
    });

    /** The cell of a region's tax, or the benefit in kind. */
    const cellOf = (viewOption: string, region: string) =>
      viewOption === "BenefitInKind"
        ? "[data-testid=bik]"
        : `tr[data-region=${region}] td:nth-of-type(${COLUMNS[viewOption as keyof typeof COLUMNS]})`;

    it.each(Object.keys(words) as Language[])(
      "%s: every line the API marks provisional is marked with its meaning; each figure shows its basis in the page's language; the missing input is named, set apart, the table not squeezed; axe-clean at 1280 and 390 px",
      async (lang) => {
        const w = words[lang];
        const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: lang });
        await page.goto(`${urls.withoutWeight}?lang=${lang}`);
        let marked = 0;
        for (const region of REGIONS) {
          const { lines, unavailable } = await apiLines(withoutWeight, region, lang);
          for (const line of lines) {
            if (line.viewOption !== "BenefitInKind" && !(line.viewOption in COLUMNS)) continue;
            if (line.viewOption === "BenefitInKind" && region !== "Flanders") continue;
            const cell = cellOf(line.viewOption, region);
            const label = `${region} ${line.viewOption}`;
            // The mark where the API says provisional, and only there: a word, not a colour.
            const marks = page.locator(`${cell} [data-provisional]`);
            expect(await marks.count(), label).toBe(line.provisional ? 1 : 0);
            if (line.provisional) {
              marked++;
              expect(await textOf(page, `${cell} [data-provisional]`), label).toContain(w.provisional);
              const note = await marks.first().getAttribute("aria-describedby");
              expect(await textOf(page, `#${note}`), label).toMatch(w.meaning);
            }
            // The basis under the amount: the line's description, in the page's language.
            expect(await textOf(page, `${cell} [data-basis]`), label).toBe(line.description);
          }
          for (const line of unavailable) {
            if (!(line.viewOption in COLUMNS)) continue;
            const cell = cellOf(line.viewOption, region);
            expect(line.outcome, `${region} ${line.viewOption}`).toBe("missingInput");
            expect(line.missingFields).toEqual(["weight"]);
            const text = await textOf(page, `${cell} [data-outcome=missingInput]`);
            expect(text).toContain(w.missing);
            if (lang !== "en") expect(text).not.toMatch(/weight/i);
            // Set apart from the amounts: not bold like a figure.
            const why = JSON.stringify(`${cell} [data-outcome=missingInput] .why`);
            const weight = await page.evaluate(
              `Number(getComputedStyle(document.querySelector(${why})).fontWeight)`,
            );
            expect(weight).toBeLessThan(600);
          }
        }
        // The API marks some of this car's lines provisional (regional indexed amounts of the
        // current period not yet published, at the time of writing): the test is not vacuous.
        expect(marked).toBeGreaterThan(0);
        // The missing figure does not squeeze the table: both tax columns keep the same width.
        const widths: number[] = await page.evaluate(
          "[...document.querySelectorAll('tr[data-region=Wallonia] td')].map((td) => td.getBoundingClientRect().width)",
        );
        expect(Math.abs((widths[0] ?? 0) - (widths[1] ?? 0))).toBeLessThan(2);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(ARTEFACTS, `car-page-${lang}-1280.png`), fullPage: true });

        // A phone: the basis folds under its summary, the marks stay, nothing scrolls sideways.
        await page.setViewportSize({ width: 390, height: 844 });
        expect(await page.locator("[data-provisional]").count()).toBe(marked);
        const summary = page.locator("[data-testid=bik] details summary");
        await summary.click();
        expect(await textOf(page, "[data-testid=bik] details .basis")).toContain(w.catalogue);
        expect(
          await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
        ).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(ARTEFACTS, `car-page-${lang}-390.png`), fullPage: true });

        // The law's fallback for an unknown CO2 is said under the benefit in kind.
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(`${urls.co2Unknown}?lang=${lang}`);
        const basis = await textOf(page, "[data-testid=bik] [data-basis]");
        expect(basis).toContain(w.catalogue);
        expect(basis).toContain(w.fallback);
        expect(await axeViolations(page)).toEqual([]);
        await page.close();
      },
      90_000,
    );
  },
);
