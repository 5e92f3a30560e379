import path from "node:path";
import { formatEuro, type Language } from "@cartax/engine";
import { testDatabases } from "@cartax/storage/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBelgium } from "../../http/belgian-date";
import { ARTEFACTS, axeViolations, haveBrowser, launchBrowser, textOf } from "../../testing/browser";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

/**
 * Issue 40, point 5: the car page gives the benefit in kind of a month beside the yearly one: the
 * first full calendar month of this year after today (in December, the rest of this month), as POST /v1/BenefitInKind/schedule answers it (the
 * schedule's vectors, test-vectors/bik-schedule/, are hand-computed from art. 36 § 2 WIB 92), in
 * nl, fr and en, at 1280 and 390 px, axe-clean.
 */
const car = {
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
const PER_MONTH: Record<Language, string> = { en: "a month", nl: "per maand", fr: "par mois" };

describe.skipIf(!haveBrowser)("the car page's benefit in kind of a month, in Chromium", () => {
  const [sqlite] = testDatabases();
  let service: TestService;
  let browser: Browser;
  let url = "";
  let month: Json;
  const today = todayInBelgium();
  beforeAll(async () => {
    if (!sqlite) return;
    service = await startTestService(sqlite);
    const { primaryKey } = await service.subscribe();
    const { id } = await readJson(await call(`${service.base}/CarDetails`, primaryKey, { body: car }));
    url = await service.publicPage(primaryKey, `cardetailid=${id}`);
    const [from, until] = [today, `${today.slice(0, 4)}-12-31`];
    const schedule = await readJson(
      await call(`${service.base}/BenefitInKind/schedule`, primaryKey, {
        body: {
          carDetail: car,
          userProfile: {
            postalCode: 1000,
            status: "SelfEmployed",
            registrationOn: "CompanyRegistration",
            regionRegistration: "Flanders",
          },
          options: { registrationDate: today, from, until },
        },
      }),
    );
    // The first full month of the rest of this year, else (in December) the rest of this month.
    const months = schedule.months as Json[];
    month =
      months.find((m) => m.days === Number(m.until.slice(8, 10)) && m.from.endsWith("-01")) ?? months.at(-1);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it.each(["nl", "fr", "en"] as Language[])(
    "%s: the month's benefit beside the yearly one, at 1280 and 390 px; axe-clean",
    async (lang) => {
      expect(month.amount).toBeGreaterThan(0);
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: lang });
      await page.goto(`${url}?lang=${lang}`);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        const monthly = await textOf(page, "[data-testid=bik-monthly] .amount");
        expect(monthly).toContain(formatEuro(month.amount, lang));
        expect(monthly).toContain(PER_MONTH[lang]);
        // Beside the yearly figure: right under it (and its basis).
        const yearly = await page.locator("[data-testid=bik]").boundingBox();
        const box = await page.locator("[data-testid=bik-monthly]").boundingBox();
        expect((box?.y ?? 0) - ((yearly?.y ?? 0) + (yearly?.height ?? 0))).toBeLessThan(30);
        expect(
          await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
        ).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
        await page
          .locator("section.bik")
          .screenshot({ path: path.join(ARTEFACTS, `car-page-bik-month-${lang}-${width}.png`) });
      }
      await page.close();
    },
    90_000,
  );
});
