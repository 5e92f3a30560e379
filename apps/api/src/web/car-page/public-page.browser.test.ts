import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { testDatabases } from "@cartax/storage/testing";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBelgium } from "../../http/belgian-date";
import { call, readJson, startTestService, type TestService } from "../../testing/test-service";
import { formatLongDate } from "../kit/page-format";

const car = {
  name: "Volvo XC40 T4 Recharge",
  catalogPrice: 48000,
  firstRegistration: "2025-03-01",
  fuel: "PluginHybridPetrol",
  euroStandard: "Euro6",
  kilowatt: 155,
  wltp: 32,
  nedC2: 0,
  capacity: 1477,
  weight: 2000,
  batteryCapacity: 19.5,
};

// What a person reads on the page, per language (the words of the fuel and the standard, numbers
// with the language's separators, the date in words), never the API's names (PluginHybridPetrol, NA).
const expected = {
  nl: {
    fuel: "Plug-in hybride (benzine)",
    battery: "19,5\u00a0kWh",
    capacity: "1.477\u00a0cm³",
    registered: "1 maart 2025",
    notFound: "Link niet gevonden",
    disclaimer: /geen aanslag/,
  },
  fr: {
    fuel: "Hybride rechargeable (essence)",
    battery: "19,5\u00a0kWh",
    capacity: "1\u202f477\u00a0cm³",
    registered: "1er mars 2025",
    notFound: "Lien introuvable",
    disclaimer: /pas un avertissement-extrait de rôle/,
  },
  en: {
    fuel: "Plug-in hybrid (petrol)",
    battery: "19.5\u00a0kWh",
    capacity: "1,477\u00a0cm³",
    registered: "1 March 2025",
    notFound: "Link not found",
    disclaimer: /not a tax assessment/,
  },
} as const;

const browserPath = "/usr/bin/chromium";
const haveBrowser = fs.existsSync(browserPath);
if (!haveBrowser && process.env.CI === "true")
  throw new Error(`${browserPath} is missing: CI must run the browser test`);

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const artefacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../test-artifacts");

/** axe-core's violations on the page (run through the debugging protocol: the page's CSP allows no script). */
async function axeViolations(page: Page): Promise<{ id: string; help: string; nodes: number }[]> {
  await page.evaluate(axeSource);
  // A string: this file is compiled without the DOM library.
  return page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => ({ id: v.id, help: v.help, nodes: v.nodes.length })))",
  );
}

describe.skipIf(!haveBrowser)("the public page in a real headless Chromium: language, phone, 404", () => {
  const [sqlite] = testDatabases();
  let service: TestService;
  let browser: Browser;
  let url = "";
  beforeAll(async () => {
    if (!sqlite) return;
    service = await startTestService(sqlite);
    const { primaryKey } = await service.subscribe();
    const { id } = await readJson(await call(`${service.base}/CarDetails`, primaryKey, { body: car }));
    url = await service.publicPage(primaryKey, `cardetailid=${id}`);
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

  it.each(Object.keys(expected) as (keyof typeof expected)[])(
    "%s: values as people say and write them, the date and a disclaimer; phone shows the taxes first; axe-clean; loads nothing else",
    async (lang) => {
      const words = expected[lang];
      // An iPhone 12-14 screen: 390 × 844 CSS pixels.
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: lang });
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      await page.goto(`${url}?lang=${lang}`);
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
      const specs = await page.locator("dl.specs").innerText();
      expect(specs).toContain(words.fuel);
      expect(specs).toContain("Euro 6");
      expect(specs).toContain(words.battery);
      expect(specs).toContain(words.capacity);
      expect(specs).toContain(words.registered);
      expect(specs).not.toMatch(/PluginHybridPetrol|Euro6|2025-03-01/);
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
      expect(await page.locator("[data-testid=computed-for]").innerText()).toContain(
        formatLongDate(todayInBelgium(), lang),
      );
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
      expect(await page.locator("[data-testid=disclaimer]").innerText()).toMatch(words.disclaimer);
      // The three regions' taxes are on the first screen of a phone, without scrolling.
      for (const region of ["Flanders", "Wallonia", "Brussels"]) {
        const box = await page.locator(`tr[data-region=${region}]`).boundingBox();
        expect(box, region).not.toBeNull();
        expect((box?.y ?? 0) + (box?.height ?? 0), region).toBeLessThanOrEqual(844);
      }
      const bik = await page.locator("[data-testid=bik]").boundingBox();
      expect((bik?.y ?? 900) + (bik?.height ?? 0), "benefit in kind").toBeLessThanOrEqual(844);
      const overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth");
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(artefacts, `public-page-${lang}-390x844.png`) });
      // Link previews and the tab's icon, without a request for either.
      expect(await page.locator('meta[name="twitter:card"]').getAttribute("content")).toBe("summary");
      expect(await page.locator('link[rel="icon"]').getAttribute("href")).toMatch(/^data:image\/svg\+xml,/);
      expect(await page.locator("script").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(requests.filter((r) => !r.startsWith(url))).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it("answers an unknown link with a 404 page in the visitor's language, axe-clean; a trailing slash works", async () => {
    for (const lang of Object.keys(expected) as (keyof typeof expected)[]) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: lang });
      const response = await page.goto(`${service.server.url}/p/AAAAAAAAAAAAAAAAAAAAAA`, {
        waitUntil: "load",
      });
      expect(response?.status()).toBe(404);
      expect(response?.headers()["content-type"]).toMatch(/^text\/html/);
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
      expect(await page.locator("h1").innerText()).toBe(expected[lang].notFound);
      expect(await page.locator("html").getAttribute("lang")).toBe(lang);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    }
    // The check can fail: axe finds the missing text alternative of an image.
    const bad = await browser.newPage();
    await bad.setContent(
      '<html lang="en"><head><title>x</title></head><body><main><img src="data:,"></main></body></html>',
    );
    expect((await axeViolations(bad)).map((v) => v.id)).toContain("image-alt");
    await bad.close();
    const slash = await fetch(`${url}/?lang=fr`);
    expect(slash.status).toBe(200);
    expect(await slash.text()).toContain("Hybride rechargeable (essence)");
    const unknownSlash = await fetch(`${service.server.url}/p/AAAAAAAAAAAAAAAAAAAAAA/`, {
      headers: { "Accept-Language": "nl-BE" },
    });
    expect(unknownSlash.status).toBe(404);
    expect(await unknownSlash.text()).toContain("Link niet gevonden");
  }, 90_000);
});
