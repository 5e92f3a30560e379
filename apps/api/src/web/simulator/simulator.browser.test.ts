import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { testDatabases } from "@cartax/storage/testing";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

const browserPath = "/usr/bin/chromium";
const haveBrowser = fs.existsSync(browserPath);
if (!haveBrowser && process.env.CI === "true")
  throw new Error(`${browserPath} is missing: CI must run the browser test`);

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const artefacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../test-artifacts");

/** axe-core's violations (injected through the debugging protocol: the page's policy allows only its own script). */
async function axeViolations(page: Page): Promise<{ id: string; help: string; nodes: number }[]> {
  await page.evaluate(axeSource);
  return page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => ({ id: v.id, help: v.help, nodes: v.nodes.length })))",
  );
}

/**
 * Five cars as a person types them into the form (every field of the form is set: the ones a car
 * does not have are emptied), each with the language and screen it is tried in. The figures they
 * must show are not written here: POST /v1/Calculate and POST /v1/Projection of the real service
 * give them, for the same input.
 */
const cars = [
  {
    what: "a petrol car in Flanders",
    language: "nl",
    width: 1280,
    values: {
      catalogPrice: "38500",
      fuel: "Petrol",
      euroStandard: "Euro6",
      kilowatt: "96",
      wltp: "128",
      nedC2: "0",
      firstRegistration: "2026-02-10",
      capacity: "1332",
      status: "SelfEmployed",
      registrationOn: "CompanyRegistration",
      regionRegistration: "Flanders",
      postalCode: "2000",
      registrationDate: "2026-02-10",
      years: "5",
    },
  },
  {
    what: "a diesel car in Wallonia, with a fuel card",
    language: "fr",
    width: 390,
    values: {
      catalogPrice: "52000",
      fuel: "Diesel",
      euroStandard: "Euro6",
      kilowatt: "140",
      wltp: "149",
      nedC2: "0",
      firstRegistration: "2025-06-01",
      capacity: "1968",
      weight: "2150",
      status: "SelfEmployed",
      registrationOn: "CompanyRegistration",
      regionRegistration: "Wallonia",
      postalCode: "5000",
      hasFuelCard: "true",
      registrationDate: "2025-06-01",
      orderDate: "2025-03-15",
      years: "4",
    },
  },
  {
    what: "a plug-in hybrid in Brussels",
    language: "en",
    width: 1280,
    values: {
      catalogPrice: "61000",
      fuel: "PluginHybridPetrol",
      euroStandard: "Euro6",
      kilowatt: "228",
      wltp: "31",
      nedC2: "0",
      firstRegistration: "2026-03-01",
      capacity: "1984",
      weight: "2400",
      batteryCapacity: "25.7",
      wltpNonHybrid: "168",
      euro6eBis: "true",
      status: "SelfEmployed",
      registrationOn: "CompanyRegistration",
      regionRegistration: "Brussels",
      postalCode: "1050",
      registrationDate: "2026-03-01",
      orderDate: "2026-01-20",
      years: "6",
    },
  },
  {
    what: "an electric car in Flanders, leased",
    language: "fr",
    width: 1280,
    values: {
      catalogPrice: "47000",
      fuel: "Electric",
      euroStandard: "NA",
      kilowatt: "150",
      wltp: "0",
      nedC2: "0",
      firstRegistration: "2026-01-05",
      weight: "2100",
      batteryCapacity: "77",
      status: "SelfEmployed",
      registrationOn: "LeasingCompanyRegistration",
      regionRegistration: "Flanders",
      postalCode: "9000",
      registrationDate: "2026-01-05",
      ownMonthlyCost: "50",
      years: "3",
    },
  },
  {
    what: "a 1990 car without WLTP in Wallonia",
    language: "en",
    width: 390,
    values: {
      catalogPrice: "18000",
      fuel: "Petrol",
      euroStandard: "Euro0",
      kilowatt: "66",
      nedC2: "0",
      firstRegistration: "1990-05-01",
      capacity: "1781",
      status: "Private",
      registrationOn: "PrivateRegistration",
      regionRegistration: "Wallonia",
      postalCode: "4000",
      registrationDate: "2026-04-01",
      years: "2",
    },
  },
] as const;

type Values = Readonly<Record<string, string>>;

const CAR_FIELDS = [
  "catalogPrice",
  "fuel",
  "euroStandard",
  "kilowatt",
  "wltp",
  "nedC2",
  "firstRegistration",
  "capacity",
  "weight",
  "batteryCapacity",
  "wltpNonHybrid",
  "nedC2NonHybrid",
  "euro6eBis",
  "oldtimerPlate",
];
const PROFILE_FIELDS = ["status", "registrationOn", "regionRegistration", "postalCode", "hasFuelCard"];
const OPTION_FIELDS = ["registrationDate", "orderDate", "ownMonthlyCost"];
const CHOICES = new Set(["fuel", "euroStandard", "status", "registrationOn", "regionRegistration"]);
const YES_NO = new Set(["euro6eBis", "oldtimerPlate", "hasFuelCard"]);
const DATES = new Set(["firstRegistration", "registrationDate", "orderDate"]);

/** The request body a client would send for these values (written out here, independently of the page). */
function bodyOf(values: Values, language: string) {
  const pick = (names: readonly string[]) =>
    Object.fromEntries(
      names
        .filter((n) => values[n] !== undefined)
        .map((n) => [
          n,
          YES_NO.has(n) ? true : CHOICES.has(n) || DATES.has(n) ? values[n] : Number(values[n]),
        ]),
    );
  return {
    carDetail: pick(CAR_FIELDS),
    userProfile: { ...pick(PROFILE_FIELDS), language },
    options: pick(OPTION_FIELDS),
  };
}

/** Types the values into the form, as a person would, emptying every field the car does not have. */
async function fill(page: Page, values: Values): Promise<void> {
  for (const name of [...CAR_FIELDS, ...PROFILE_FIELDS, ...OPTION_FIELDS, "years"]) {
    const control = page.locator(`#field-${name}`);
    const value = values[name];
    if (YES_NO.has(name)) await control.setChecked(value === "true");
    else if (CHOICES.has(name)) await control.selectOption(value ?? "");
    else await control.fill(value ?? "");
  }
}

interface ShownLine {
  calculator: string;
  year: number;
  amount: string;
  raw: string | null;
  provisional: boolean;
  outcome: string | null;
  text: string;
  source: string | null;
}

async function shownLines(page: Page): Promise<ShownLine[]> {
  return page.evaluate(`[...document.querySelectorAll("#answer li.line")].map(li => ({
    calculator: li.dataset.calculator, year: Number(li.dataset.year),
    amount: li.querySelector(".amount").textContent, raw: li.querySelector(".amount").dataset.raw ?? null,
    provisional: li.querySelector(".provisional") !== null, outcome: li.dataset.outcome ?? null,
    text: li.textContent, source: li.querySelector("a.source")?.getAttribute("href") ?? null }))`);
}

describe.skipIf(!haveBrowser)(
  "the simulator in a real headless Chromium, against the service's own answers",
  () => {
    const [sqlite] = testDatabases();
    let service: TestService;
    let browser: Browser;
    let key = "";
    const seen = { provisional: 0, missing: 0, assumed: 0 };
    beforeAll(async () => {
      if (!sqlite) return;
      service = await startTestService(sqlite);
      key = (await service.subscribe()).primaryKey;
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

    // Every car in every language at both widths: the car's own language and width first (with the
    // chart, the shared link and a screenshot), then the five others.
    const runs = cars.flatMap((own) =>
      (["nl", "fr", "en"] as const).flatMap((language) =>
        ([1280, 390] as const).map((width) => ({
          ...own,
          language,
          width,
          own: language === own.language && width === own.width,
        })),
      ),
    );
    it.each(runs)(
      "$what ($language, $width px): every figure equals POST /v1/Calculate's, the chart's table POST /v1/Projection's; no request while typing; axe-clean",
      async (car) => {
        const page = await browser.newPage({
          viewport: { width: car.width, height: 900 },
          locale: car.language,
        });
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(String(e)));
        await page.goto(`${service.server.url}/simulator/${car.language}`);
        await page.locator('html[data-simulator="ready"]').waitFor({ state: "attached" });
        const requests: string[] = [];
        page.on("request", (r) => requests.push(r.url()));
        await fill(page, car.values);
        // The browser computed every answer itself: no request left the page while typing.
        expect(requests).toEqual([]);
        expect(errors).toEqual([]);

        const body = bodyOf(car.values, car.language);
        const api = await readJson(await call(`${service.base}/Calculate`, key, { body }));
        expect(api.lines, JSON.stringify(api)).toBeDefined();
        const shown = await shownLines(page);
        // The page groups the lines by year; the API lists them by calculator: compared as sets of
        // (year, calculator), each with everything it shows.
        const byKey =
          <T extends { year: number }>(key: (t: T) => string) =>
          (a: T, b: T) =>
            a.year - b.year || key(a).localeCompare(key(b));
        const withFigure = shown.filter((l) => l.outcome === null).sort(byKey((l) => l.calculator));
        const apiLines = [...api.lines].sort(byKey((l: Json) => l.viewOption));
        expect(
          withFigure.map((l) => [l.calculator, l.year, l.amount.trim(), Number(l.raw), l.provisional]),
        ).toEqual(apiLines.map((l: Json) => [l.viewOption, l.year, l.value, l.rawValue, l.provisional]));
        for (const [i, line] of apiLines.entries()) {
          expect(withFigure[i]?.text).toContain(line.name);
          if (line.description) expect(withFigure[i]?.text).toContain(line.description);
          expect(withFigure[i]?.source).toBe(line.url);
        }
        const without = shown.filter((l) => l.outcome !== null).sort(byKey((l) => l.calculator));
        const apiWithout = [...api.unavailableLines].sort(byKey((l: Json) => l.viewOption));
        expect(without.map((l) => [l.calculator, l.year, l.outcome, l.source])).toEqual(
          apiWithout.map((l: Json) => [l.viewOption, l.year, l.outcome, l.url]),
        );
        for (const [i, line] of apiWithout.entries()) expect(without[i]?.text).toContain(line.reason);
        seen.provisional += api.lines.filter((l: Json) => l.provisional).length;
        seen.missing += api.unavailableLines.filter((l: Json) => l.outcome === "missingInput").length;

        // The chart's table against the projection of the same input, the years assumed as Projection says.
        const years = Number(car.values.years);
        const projection = await readJson(
          await call(`${service.base}/Projection`, key, {
            body: { ...body, options: { ...body.options, years, assumeLatestRules: true } },
          }),
        );
        // The holding period by the day: `years` from the registration touch one calendar year more
        // unless the registration is on 1 January.
        const partYear = String(body.options.registrationDate).endsWith("-01-01") ? 0 : 1;
        expect(projection.years, JSON.stringify(projection)).toHaveLength(years + partYear);
        const cells: { year: number; calculator: string; raw: string | null; assumed: boolean }[] =
          await page.evaluate(`[...document.querySelectorAll(".years-table tbody tr")].flatMap(tr =>
          [...tr.querySelectorAll("td[data-calculator]")].map(td => ({ year: Number(tr.dataset.year),
            calculator: td.dataset.calculator, raw: td.dataset.raw ?? null,
            assumed: tr.querySelector("th").textContent.includes("(") })))`);
        const euro = new Set(
          projection.totals.filter((t: Json) => t.unit === "EUR").map((t: Json) => t.viewOption as string),
        );
        const expectedCells = projection.years.flatMap((y: Json) =>
          [...euro].map((calculator) => {
            const line = y.lines.find((l: Json) => l.viewOption === calculator);
            return {
              year: y.year,
              calculator,
              raw: line ? String(line.rawValue) : null,
              assumed: y.lines.some((l: Json) => l.assumedRulesYear !== undefined),
            };
          }),
        );
        expect(cells).toEqual(expectedCells);
        seen.assumed += expectedCells.filter((c: { assumed: boolean }) => c.assumed).length;
        expect(await page.locator("svg.chart rect").count()).toBeGreaterThan(0);

        if (car.own) {
          // A shared link restores the inputs, in another language.
          const shared = new URL(page.url());
          const other = car.language === "en" ? "nl" : "en";
          const second = await browser.newPage({ viewport: { width: 1280, height: 900 } });
          await second.goto(`${service.server.url}/simulator/${other}${shared.search}`);
          for (const [name, value] of Object.entries(car.values)) {
            const control = second.locator(`#field-${name}`);
            if (YES_NO.has(name)) expect(await control.isChecked(), name).toBe(value === "true");
            else expect(await control.inputValue(), name).toBe(value);
          }
          const restored = await shownLines(second);
          expect(
            restored
              .filter((l) => l.outcome === null)
              .sort(byKey((l) => l.calculator))
              .map((l) => Number(l.raw)),
          ).toEqual(apiLines.map((l: Json) => l.rawValue));
          await second.close();
        }

        expect(await axeViolations(page)).toEqual([]);
        const overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth");
        expect(overflow).toBeLessThanOrEqual(0);
        if (car.own)
          await page.screenshot({
            path: path.join(artefacts, `simulator-${car.language}-${car.width}.png`),
            fullPage: true,
          });
        await page.close();
      },
      90_000,
    );

    it("showed at least one provisional mark, one missing input named and one assumed year across the cars", () => {
      // Without these, the comparisons above would not have proven the marks.
      expect(seen.provisional).toBeGreaterThan(0);
      expect(seen.missing).toBeGreaterThan(0);
      expect(seen.assumed).toBeGreaterThan(0);
    });

    it("keyboard only: Tab reaches every control of the form, each with a label", async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${service.server.url}/simulator/en`);
      const controls: number = await page.evaluate(
        "document.querySelectorAll('#simulator input, #simulator select').length",
      );
      const reached = new Set<string>();
      // A date field takes three stops (day, month, year) in Chromium.
      for (let i = 0; i < controls * 3 + 10; i++) {
        await page.keyboard.press("Tab");
        const focused: { id: string; label: string } | null = await page.evaluate(`(() => {
        const el = document.activeElement;
        if (!el || !el.id || !el.id.startsWith("field-")) return null;
        const label = document.querySelector('label[for="' + el.id + '"]');
        return { id: el.id, label: label ? label.textContent.trim() : "" };
      })()`);
        if (focused) {
          expect(focused.label, focused.id).not.toBe("");
          reached.add(focused.id);
        }
      }
      expect(reached.size).toBe(controls);
      // Typing with the keyboard alone changes the answer.
      await page.focus("#field-catalogPrice");
      await page.keyboard.press("Control+A");
      await page.keyboard.type("90000");
      await page
        .waitForFunction(
          "[...document.querySelectorAll('#answer .line')].some(li => li.textContent.includes('90000') || li.textContent.includes('90,000') || li.textContent.includes('90.000'))",
          undefined,
          { timeout: 5000 },
        )
        .catch(() => undefined);
      expect(page.url()).toContain("catalogPrice=90000");
      await page.close();
    });

    it("the static build (pnpm build:site) serves the same simulation from plain files: a shared link opens it", async () => {
      const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");
      const site = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-site-"));
      execFileSync(process.execPath, [path.join(root, "scripts/build-site.mjs"), site], { stdio: "pipe" });
      // Any static host: a file server that knows index.html and two types, nothing else.
      const files = http.createServer((request, response) => {
        const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
        let file = path.join(site, pathname);
        if (!file.startsWith(site)) return response.writeHead(403).end();
        if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
        if (!fs.existsSync(file)) return response.writeHead(404).end();
        const type = file.endsWith(".js") ? "text/javascript" : "text/html; charset=utf-8";
        response.writeHead(200, { "Content-Type": type }).end(fs.readFileSync(file));
      });
      await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
      const origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
      try {
        const car = cars[2];
        const query = new URLSearchParams(car.values).toString();
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        await page.goto(`${origin}/simulator/${car.language}/?${query}`);
        await page.locator('html[data-simulator="ready"]').waitFor({ state: "attached" });
        const api = await readJson(
          await call(`${service.base}/Calculate`, key, { body: bodyOf(car.values, car.language) }),
        );
        const shown = (await shownLines(page)).filter((l) => l.outcome === null);
        expect(shown.map((l) => Number(l.raw)).sort((a, b) => a - b)).toEqual(
          api.lines.map((l: Json) => l.rawValue).sort((a: number, b: number) => a - b),
        );
        expect(await page.locator("#field-catalogPrice").inputValue()).toBe(car.values.catalogPrice);
        // The rule book's pages are there too, in each language, their language links between folders.
        const book = await page.goto(`${origin}/rules/fr/flanders/registration-tax/`);
        expect(book?.status()).toBe(200);
        expect(await page.locator("html").getAttribute("lang")).toBe("fr");
        await page.locator('nav a[lang="nl"]').click();
        expect(new URL(page.url()).pathname).toBe("/rules/nl/flanders/registration-tax/");
        expect(await page.locator("html").getAttribute("lang")).toBe("nl");
        await page.close();
      } finally {
        files.close();
        fs.rmSync(site, { recursive: true, force: true });
      }
    }, 120_000);
  },
);
