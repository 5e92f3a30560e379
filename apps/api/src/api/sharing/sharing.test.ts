import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { testDatabases } from "@cartax/storage/testing";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, readJson, startTestService, type TestService } from "../../testing/test-service";

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
  batteryCapacity: 10.7,
};

describe.each(testDatabases())("GET /v1/PublicLink and the public page on $dialect", (db) => {
  let service: TestService;
  let key: string;
  let ownerId: string;
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    ({ primaryKey: key, ownerId } = await service.subscribe());
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });
  const pageUrl = (location: string) => location.replace("https://api.cartax.test", service.server.url);

  describe.skipIf(!db.available)("", () => {
    it("answers 200 with an unguessable, stable public URI in Location; 404 and 401 otherwise", async () => {
      const { id } = await readJson(await call(`${service.base}/CarDetails`, key, { body: car }));
      const response = await call(`${service.base}/PublicLink?cardetailid=${id}`, key);
      expect(response.status).toBe(200);
      const location = response.headers.get("location") ?? "";
      expect(location).toMatch(/^https:\/\/api\.cartax\.test\/p\/[\w-]{22}$/);
      expect(location).not.toContain(id);
      const again = await call(`${service.base}/PublicLink?cardetailid=${id}`, key);
      expect(again.headers.get("location")).toBe(location);
      const other = await service.subscribe();
      expect((await call(`${service.base}/PublicLink?cardetailid=${id}`, other.primaryKey)).status).toBe(404);
      expect(
        (await call(`${service.base}/PublicLink?cardetailid=3fa85f64-5717-4562-b3fc-2c963f66afa6`, key))
          .status,
      ).toBe(404);
      expect((await call(`${service.base}/PublicLink?cardetailid=nope`, key)).status).toBe(400);
      expect((await call(`${service.base}/PublicLink?cardetailid=${id}`, undefined)).status).toBe(401);
    });

    it("serves the page without a key, per language, with no owner data", async () => {
      const { id } = await readJson(await call(`${service.base}/CarDetails`, key, { body: car }));
      const location =
        (await call(`${service.base}/PublicLink?cardetailid=${id}`, key)).headers.get("location") ?? "";
      const nl = await fetch(`${pageUrl(location)}?lang=nl`);
      expect(nl.status).toBe(200);
      expect(nl.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await nl.text();
      expect(html).toContain('<html lang="nl">');
      expect(html).toContain("Volvo XC40 T4 Recharge");
      expect(html).toContain("Belasting op de inverkeerstelling");
      expect(html).toContain('property="og:title"');
      expect(html).not.toContain(ownerId);
      expect(html).not.toContain(id);
      expect(html).not.toContain(key);
      const fr = await fetch(pageUrl(location), {
        headers: { "Accept-Language": "fr-BE,fr;q=0.9,en;q=0.5" },
      });
      expect(await fr.text()).toContain("Taxe de mise en circulation");
      expect((await fetch(`${service.server.url}/p/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    });
  });
});

const browserPath = "/usr/bin/chromium";
const haveBrowser = fs.existsSync(browserPath);
if (!haveBrowser && process.env.CI === "true")
  throw new Error(`${browserPath} is missing: CI must run the browser test`);
if (!haveBrowser)
  console.warn(`${browserPath} not found (Debian package chromium): the browser test is skipped`);

describe.skipIf(!haveBrowser)("the public page in a real headless Chromium", () => {
  const [sqlite] = testDatabases();
  let service: TestService;
  beforeAll(async () => {
    if (sqlite) service = await startTestService(sqlite);
  });
  afterAll(async () => {
    await service.stop();
  });

  it("shows the car, its specifications and the tax summary in nl, fr and en; saves screenshots", async () => {
    const { primaryKey } = await service.subscribe();
    const { id } = await readJson(await call(`${service.base}/CarDetails`, primaryKey, { body: car }));
    const location =
      (await call(`${service.base}/PublicLink?cardetailid=${id}`, primaryKey)).headers.get("location") ?? "";
    const url = location.replace("https://api.cartax.test", service.server.url);
    const browser = await chromium.launch({
      executablePath: browserPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
    const artefacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../test-artifacts");
    fs.mkdirSync(artefacts, { recursive: true });
    try {
      const expected = {
        nl: { heading: "Gewestelijke belastingen", region: "Vlaanderen", bik: "Voordeel van alle aard" },
        fr: { heading: "Taxes régionales", region: "Wallonie", bik: "Avantage de toute nature" },
        en: { heading: "Regional taxes", region: "Brussels", bik: "Benefit in kind" },
      };
      for (const [lang, words] of Object.entries(expected)) {
        const page = await browser.newPage({ viewport: { width: 1000, height: 1200 }, locale: lang });
        const requests: string[] = [];
        page.on("request", (r) => requests.push(r.url()));
        await page.goto(`${url}?lang=${lang}`);
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
        expect(await page.locator("h1").innerText()).toBe(car.name);
        expect(await page.locator("h2").allInnerTexts()).toContain(words.heading);
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
        expect(await page.locator("table").innerText()).toContain(words.region);
        expect(await page.locator("tbody tr").count()).toBe(3);
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
        expect(await page.locator("[data-testid=bik]").innerText()).toMatch(/€/);
        expect(await page.locator("h2").allInnerTexts()).toContain(words.bik);
        expect(await page.locator("a.source").count()).toBeGreaterThan(0);
        // Self-contained: the page loads nothing but itself.
        expect(requests.filter((r) => !r.startsWith(service.server.url))).toEqual([]);
        await page.screenshot({ path: path.join(artefacts, `public-page-${lang}.png`), fullPage: true });
        await page.setViewportSize({ width: 380, height: 900 });
        // Runs in the page (a string, since this file is compiled without the DOM library).
        const overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth");
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: path.join(artefacts, `public-page-${lang}-mobile.png`),
          fullPage: true,
        });
        await page.close();
      }
    } finally {
      await browser.close();
    }
  }, 60_000);
});
