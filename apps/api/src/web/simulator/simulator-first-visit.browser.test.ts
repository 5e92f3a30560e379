import fs from "node:fs";
import path from "node:path";
import { testDatabases } from "@cartax/storage/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTEFACTS, axeViolations, haveBrowser, launchBrowser } from "../../testing/browser";
import { compareRequest } from "../../testing/saved-comparison";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

/*
 * The simulator for a first visit (issue 40 points 2, 4 and 5), in a real headless Chromium: numbers
 * typed as Belgians write them, implausible values flagged, hints and table headers on a phone,
 * totals that say what they leave out, the disclaimer and the meaning of "provisional" in words,
 * the benefit in kind month by month, the year headings agreeing with the table, one printed A4
 * page, the first click of an error link, and the links to the simulator from the other pages.
 * The figures expected come from the service's own POST /v1/Calculate, /v1/Projection and
 * /v1/BenefitInKind/schedule; the words from the issue, written here.
 */

/** A diesel car in Wallonia without its mass: the registration tax lacks the weight; 2027's rules are not all published. */
const CAR = {
  catalogPrice: "40000",
  fuel: "Diesel",
  euroStandard: "Euro6",
  kilowatt: "110",
  wltp: "130",
  nedC2: "0",
  firstRegistration: "2026-06-01",
  capacity: "1968",
  status: "SelfEmployed",
  registrationOn: "CompanyRegistration",
  regionRegistration: "Wallonia",
  postalCode: "5000",
  registrationDate: "2026-06-01",
  years: "4",
} as const;

function bodyOf(overrides: Readonly<Record<string, number>> = {}) {
  return {
    carDetail: {
      catalogPrice: 40000,
      fuel: "Diesel",
      euroStandard: "Euro6",
      kilowatt: 110,
      wltp: 130,
      nedC2: 0,
      firstRegistration: "2026-06-01",
      capacity: 1968,
      ...overrides,
    },
    userProfile: {
      status: "SelfEmployed",
      registrationOn: "CompanyRegistration",
      regionRegistration: "Wallonia",
      postalCode: 5000,
    },
    options: { registrationDate: "2026-06-01" },
  };
}

/** The words a reader must find, per language (from the issue: the missing input named, "not due this year"…). */
const WORDS = {
  en: {
    weight: "weight",
    notDue: "not due this year",
    incomplete: "incomplete",
    disclaimer: /not a tax assessment/,
    provisional: /Provisional: this figure rests on a rule/,
    perMonth: "per month",
    simulatorLink: "simulator",
  },
  nl: {
    weight: "gewicht",
    notDue: "dit jaar niet verschuldigd",
    incomplete: "onvolledig",
    disclaimer: /geen aanslag/,
    provisional: /Voorlopig: dit bedrag steunt op een regel/,
    perMonth: "per maand",
    simulatorLink: "simulator",
  },
  fr: {
    weight: "poids",
    notDue: "pas due cette année",
    incomplete: "incomplet",
    disclaimer: /pas un avertissement-extrait de rôle/,
    provisional: /Provisoire : ce montant repose sur une règle/,
    perMonth: "par mois",
    simulatorLink: "simulateur",
  },
} as const;

type Language = keyof typeof WORDS;

async function ready(page: Page): Promise<void> {
  await page.locator('html[data-simulator="ready"]').waitFor({ state: "attached" });
}

/** The figures of the year's lines as the page shows them: calculator:year → raw. */
async function shownFigures(page: Page): Promise<Record<string, number>> {
  return page.evaluate(`Object.fromEntries([...document.querySelectorAll("#answer li.line:not(.unavailable)")]
    .map(li => [li.dataset.calculator + ":" + li.dataset.year, Number(li.querySelector(".amount").dataset.raw)]))`);
}

describe.skipIf(!haveBrowser)("the simulator for a first visit, in a real headless Chromium", () => {
  const [sqlite] = testDatabases();
  let service: TestService;
  let browser: Browser;
  let key = "";

  async function apiFigures(body: object): Promise<Record<string, number>> {
    const api = await readJson(await call(`${service.base}/Calculate`, key, { body }));
    expect(api.lines, JSON.stringify(api)).toBeDefined();
    return Object.fromEntries(api.lines.map((l: Json) => [`${l.viewOption}:${l.year}`, l.rawValue]));
  }

  beforeAll(async () => {
    if (!sqlite) return;
    service = await startTestService(sqlite);
    key = (await service.subscribe()).primaryKey;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const runs = (["nl", "fr", "en"] as const).flatMap((language) =>
    ([1280, 390] as const).map((width) => ({ language, width })),
  );

  async function open(language: Language, width: number) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, locale: language });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${service.server.url}/simulator/${language}?${new URLSearchParams(CAR)}`);
    await ready(page);
    return { page, errors };
  }

  /** No script error, no sideways scrolling, axe-clean; a screenshot of the page as the test left it. */
  async function finish(page: Page, errors: string[], language: Language, width: number, what: string) {
    expect(errors).toEqual([]);
    expect(
      await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
    ).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({
      path: path.join(ARTEFACTS, `simulator-${what}-${language}-${width}.png`),
      fullPage: true,
    });
    await page.close();
  }

  /** POST /v1/Projection of the car, as the simulator's table computes it (assumeLatestRules). */
  async function projectionOf(): Promise<Json> {
    return readJson(
      await call(`${service.base}/Projection`, key, {
        body: { ...bodyOf(), options: { ...bodyOf().options, years: 4, assumeLatestRules: true } },
      }),
    );
  }

  describe.each(runs)(
    "$language, $width px",
    ({ language, width }: { language: Language; width: number }) => {
      it("numbers: Belgian numbers read as meant or refused naming the field, implausible values flagged before the answer", async () => {
        const { page, errors } = await open(language, width);
        const price = page.locator("#field-catalogPrice");
        const label = (await page.locator('label[for="field-catalogPrice"]').textContent())?.trim() ?? "";
        // Numbers as Belgians write them, read as meant: the same figures as the API's for the number.
        for (const [typed, value] of [
          ["40.000", 40000],
          ["40 000", 40000],
          ["40000,50", 40000.5],
        ] as const) {
          await price.fill(typed);
          expect(await shownFigures(page), typed).toEqual(await apiFigures(bodyOf({ catalogPrice: value })));
        }
        await page.locator("#field-kilowatt").fill("110,5");
        expect(await shownFigures(page)).toEqual(
          await apiFigures(bodyOf({ catalogPrice: 40000.5, kilowatt: 110.5 })),
        );
        await page.locator("#field-kilowatt").fill("110");

        // What has no single reading is refused, the field named in the page's language.
        await price.fill("40.000.00");
        const alert = page.locator("#answer .problems[role=alert]");
        await expect.poll(() => alert.isVisible()).toBe(true);
        expect(await alert.textContent()).toContain(label);
        expect(await alert.textContent()).toContain("40.000");
        expect(await page.locator("#answer .years").count()).toBe(0);
        expect(await price.getAttribute("aria-invalid")).toBe("true");
        expect(await page.locator("#field-kilowatt").getAttribute("aria-invalid")).toBe("false");

        // An implausible value is computed but flagged before the answer, with the value as read.
        await price.fill("40");
        const warnings = page.locator("#answer .warnings");
        expect(await warnings.isVisible()).toBe(true);
        expect(await warnings.textContent()).toContain(label);
        expect(await warnings.textContent()).toMatch(/\b40\s?€/);
        const before = await page.evaluate(
          `!!(document.querySelector("#answer .warnings").compareDocumentPosition(document.querySelector("#answer .years")) & Node.DOCUMENT_POSITION_FOLLOWING)`,
        );
        expect(before).toBe(true);
        await page.locator("#field-kilowatt").fill("1500");
        expect(await warnings.textContent()).toContain(
          (await page.locator('label[for="field-kilowatt"]').textContent())?.trim() ?? "",
        );
        await page.locator("#field-kilowatt").fill("110");
        await price.fill("40000");
        expect(await page.locator("#answer .warnings").count()).toBe(0);

        await finish(page, errors, language, width, "numbers");
      }, 120_000);

      it("hints: every unit and range hint visible; the years table keeps its headers (a labelled layout on a phone)", async () => {
        const { page, errors } = await open(language, width);
        // Every unit and range hint is visible, on a phone too.
        for (const [field, unit] of [
          ["catalogPrice", "€"],
          ["kilowatt", "kW"],
          ["weight", "kg"],
          ["wltp", "g/km"],
        ] as const) {
          const hint = page.locator(`#field-${field}-hint`);
          expect(await hint.isVisible(), field).toBe(true);
          expect(await hint.textContent(), field).toContain(unit);
        }

        // The years table keeps its headers: in the accessibility tree, and each cell labelled on a phone.
        const table = page.locator(".years-table");
        const headers = await page.locator(".years-table thead th").allInnerTexts();
        expect(headers.length).toBeGreaterThan(2);
        expect(
          await page.evaluate(`getComputedStyle(document.querySelector(".years-table thead")).display`),
        ).not.toBe("none");
        const tree = await table.ariaSnapshot();
        expect(tree).toContain("columnheader");
        expect(tree).toContain("rowheader");
        for (const header of await page.locator(".years-table thead th").allTextContents())
          expect(tree).toContain(header.trim());
        if (width === 390) {
          const labels: { label: string; column: string }[] = await page.evaluate(`(() => {
          const heads = [...document.querySelectorAll(".years-table thead th")].map(th => th.textContent.trim());
          return [...document.querySelectorAll(".years-table tbody tr")].flatMap(tr =>
            [...tr.children].slice(1).map((td, i) => ({ label: getComputedStyle(td, "::before").content, column: heads[i + 1] })));
        })()`);
          for (const { label: shown, column } of labels) expect(shown).toBe(JSON.stringify(column));
        }

        await finish(page, errors, language, width, "hints");
      }, 120_000);

      it("totals: a cell without a figure says why, a total that leaves one out says so in the table and on its bar", async () => {
        const { page, errors } = await open(language, width);
        const w = WORDS[language];
        // A cell without a figure says why; the total that leaves one out says so and names the input.
        const projection = await projectionOf();
        const first = projection.years[0];
        expect(first.unavailableLines.find((l: Json) => l.viewOption === "RoadTax")?.missingFields).toEqual([
          "weight",
        ]);
        const row = page.locator('.years-table tbody tr[data-year="2026"]');
        expect(await row.locator('td[data-calculator="RoadTax"]').textContent()).toContain(w.weight);
        const total = row.locator("td.total");
        expect(await total.getAttribute("data-complete")).toBe("false");
        expect(await total.textContent()).toContain(w.incomplete);
        expect(await total.textContent()).toContain(w.weight);
        const next = page.locator('.years-table tbody tr[data-year="2027"]');
        expect(await next.locator('td[data-calculator="RoadTax"]').textContent()).toBe(w.notDue);
        expect(await next.locator("td.total").getAttribute("data-complete")).toBe("true");
        expect(await page.locator('svg.chart text[data-incomplete="2026"]').textContent()).toBe(w.incomplete);
        expect(await page.locator('svg.chart text[data-incomplete="2027"]').count()).toBe(0);

        await finish(page, errors, language, width, "totals");
      }, 120_000);

      it("disclaimer: the note 'indicative, not a tax assessment' and the meaning of 'provisional' in visible words", async () => {
        const { page, errors } = await open(language, width);
        const w = WORDS[language];
        // The disclaimer and the meaning of "provisional", in words a touch screen shows.
        const disclaimer = page.locator("#disclaimer");
        expect(await disclaimer.isVisible()).toBe(true);
        expect(await disclaimer.textContent()).toMatch(w.disclaimer);
        expect(await page.locator("#answer .provisional").count()).toBeGreaterThan(0);
        const note = page.locator("#provisional-note");
        expect(await note.isVisible()).toBe(true);
        expect(await note.textContent()).toMatch(w.provisional);
        expect(await page.locator("#answer .provisional[title]").count()).toBe(0);

        await finish(page, errors, language, width, "disclaimer");
      }, 120_000);

      it("years: a year's line without rules shows the assumed figure the table holds, with what was carried", async () => {
        const { page, errors } = await open(language, width);
        // The year headings agree with the table: a figure the table assumes is shown as assumed there too.
        const projection = await projectionOf();
        const assumed: { calculator: string; year: number; raw: number; text: string; carried: string }[] =
          await page.evaluate(
            `[...document.querySelectorAll("#answer li.line .assumed-figure")].map(p => ({ calculator: p.closest("li").dataset.calculator,
          year: Number(p.closest("li").dataset.year), raw: Number(p.dataset.raw), text: p.textContent, carried: p.dataset.carried }))`,
          );
        expect(assumed.length).toBeGreaterThan(0);
        for (const a of assumed) {
          const line = projection.years
            .find((y: Json) => y.year === a.year)
            .lines.find((l: Json) => l.viewOption === a.calculator);
          expect(line.assumedRulesYear).toBeDefined();
          expect(a.raw).toBe(line.rawValue);
          // What was carried: the parameters (named in words by the line's basis above) and the year of their row.
          expect(a.carried.split(" ").sort()).toEqual(
            line.assumedParameters.map((p: Json) => p.parameter).sort(),
          );
          for (const carried of line.assumedParameters)
            expect(a.text).toContain(carried.carriedFrom.slice(0, 4));
          expect(
            await page
              .locator(`.years-table tr[data-year="${a.year}"] td[data-calculator="${a.calculator}"]`)
              .getAttribute("data-raw"),
          ).toBe(String(line.rawValue));
        }

        await finish(page, errors, language, width, "years");
      }, 120_000);

      it("months: the benefit in kind month by month beside the year, as POST /v1/BenefitInKind/schedule", async () => {
        const { page, errors } = await open(language, width);
        const w = WORDS[language];
        // The benefit in kind month by month beside its year's figure: POST /v1/BenefitInKind/schedule's months.
        const projection = await projectionOf();
        const schedule = await readJson(
          await call(`${service.base}/BenefitInKind/schedule`, key, {
            body: {
              ...bodyOf(),
              options: {
                registrationDate: "2026-06-01",
                from: projection.from,
                until: projection.until,
                assumeLatestRules: true,
              },
            },
          }),
        );
        const bik = page.locator('#answer li.line[data-calculator="BenefitInKind"][data-year="2026"]');
        expect(await bik.locator(".monthly").textContent()).toContain(w.perMonth);
        const months: { month: string; raw: number }[] = await page.evaluate(
          `[...document.querySelectorAll('#answer li.line[data-calculator="BenefitInKind"][data-year="2026"] .months li')]
          .map(li => ({ month: li.dataset.month, raw: Number(li.dataset.raw) }))`,
        );
        expect(months).toEqual(
          schedule.months
            .filter((m: Json) => m.year === 2026)
            .map((m: Json) => ({ month: m.month, raw: m.amount })),
        );
        await finish(page, errors, language, width, "months");
      }, 120_000);
    },
  );

  it.each(["nl", "fr", "en"] as const)(
    "%s: printed, the answer comes first and fits one A4 page; the form is folded into a line of inputs",
    async (language) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: language });
      await page.goto(`${service.server.url}/simulator/${language}?${new URLSearchParams(CAR)}`);
      await ready(page);
      const pdf = await page.pdf({ format: "A4", printBackground: true });
      fs.writeFileSync(path.join(ARTEFACTS, `simulator-print-${language}.pdf`), pdf);
      // The pages of a PDF: the /Count of its page tree's root (the largest /Count of the file).
      const counts = [...pdf.toString("latin1").matchAll(/\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
      expect(Math.max(...counts)).toBe(1);
      await page.emulateMedia({ media: "print" });
      expect(await page.locator("#simulator").isVisible()).toBe(false);
      expect(await page.locator("#answer .years").isVisible()).toBe(true);
      const inputs = page.locator("#answer .print-inputs");
      expect(await inputs.isVisible()).toBe(true);
      expect(await inputs.textContent()).toContain("40000");
      expect(await page.locator(".years-table").isVisible()).toBe(true);
      await page.close();
    },
    60_000,
  );

  it.each([1280, 390])(
    "%d px: the first click on a link of the error summary takes the reader into the field",
    async (width) => {
      const page = await browser.newPage({ viewport: { width, height: 700 }, locale: "en" });
      await page.goto(`${service.server.url}/simulator/en?${new URLSearchParams(CAR)}`);
      await ready(page);
      await page.locator("#field-kilowatt").fill("");
      await page.locator("#field-catalogPrice").fill("4O.000");
      // Still in the changed field: the first click on the link blurs it (its change event fires) and must work.
      expect(await page.evaluate("document.activeElement.id")).toBe("field-catalogPrice");
      await page.locator('#answer .problems a[href="#field-kilowatt"]').click();
      expect(await page.evaluate("document.activeElement.id")).toBe("field-kilowatt");
      await page.keyboard.type("x");
      await page.locator('#answer .problems a[href="#field-catalogPrice"]').click();
      expect(await page.evaluate("document.activeElement.id")).toBe("field-catalogPrice");
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it("is linked from /, the rule book, a car page and a comparison page, in the page's language", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: "nl" });
    await page.goto(`${service.server.url}/`);
    await page.locator('a[href="/simulator"]').click();
    await ready(page);
    expect(new URL(page.url()).pathname).toBe("/simulator/nl");

    await page.goto(`${service.server.url}/rules/flanders/registration-tax?lang=fr`);
    const fromBook = page.locator('[data-testid="simulator-link"]');
    expect(await fromBook.textContent()).toContain(WORDS.fr.simulatorLink);
    await fromBook.click();
    await ready(page);
    expect(new URL(page.url()).pathname).toBe("/simulator/fr");

    const { id } = await readJson(
      await call(`${service.base}/CarDetails`, key, { body: bodyOf().carDetail }),
    );
    const carUrl = await service.publicPage(key, `cardetailid=${id}`);
    await page.goto(`${carUrl}?lang=en`);
    expect(await page.locator('[data-testid="simulator-link"]').getAttribute("href")).toBe("/simulator/en");
    expect(await axeViolations(page)).toEqual([]);

    const comparison = await readJson(
      await call(`${service.base}/Compare`, key, {
        body: compareRequest({ years: 4, assumeLatestRules: true }),
      }),
    );
    const url = await service.publicPage(key, `comparisonid=${comparison.comparisonId}`);
    await page.goto(`${url}?lang=nl`);
    const fromComparison = page.locator('[data-testid="simulator-link"]');
    expect(await fromComparison.getAttribute("href")).toBe("/simulator/nl");
    await fromComparison.click();
    await ready(page);
    expect(new URL(page.url()).pathname).toBe("/simulator/nl");
    await page.close();
  }, 90_000);
});
