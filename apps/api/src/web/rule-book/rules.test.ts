import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ruleBook } from "@cartax/engine";
import { testDatabases } from "@cartax/storage/testing";
import { chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, readJson, startTestService, type TestService } from "../../testing/test-service";

/** A petrol car registered in Flanders in 2025: its BIV uses q of 2025 (VCF: 1.07 + 4 × 0.035 = 1.21). */
const flemishRequest = {
  carDetail: {
    catalogPrice: 40000,
    firstRegistration: "2025-03-01",
    fuel: "Petrol",
    euroStandard: "Euro6",
    kilowatt: 110,
    wltp: 130,
    nedC2: 0,
    capacity: 1498,
  },
  userProfile: {
    postalCode: 9000,
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    regionRegistration: "Flanders",
    hasFuelCard: false,
    language: "nl",
  },
  options: { registrationDate: "2025-03-01" },
};

interface LinkedLine {
  readonly viewOption: string;
  readonly year: number;
  readonly parameters: readonly {
    name: string;
    value: number | string;
    parameter: string | null;
    ruleBookUrl: string | null;
  }[];
}

/** The parameter `name` of the line of `viewOption` in `year`. */
function parameterOf(lines: readonly LinkedLine[], viewOption: string, year: number, name: string) {
  return lines
    .find((l) => l.viewOption === viewOption && l.year === year)
    ?.parameters.find((p) => p.name === name);
}

const [sqlite] = testDatabases();

describe.skipIf(!sqlite?.available)("GET /rules, the rule book as HTML", () => {
  let service: TestService;
  let url: string;
  beforeAll(async () => {
    if (sqlite) service = await startTestService(sqlite);
    url = service.server.url;
  });
  afterAll(async () => {
    await service.stop();
  });

  it("serves the index without a key, in the language of ?lang=, then Accept-Language, else English", async () => {
    const en = await fetch(`${url}/rules`);
    expect(en.status).toBe(200);
    expect(en.headers.get("content-type")).toMatch(/^text\/html/);
    expect(en.headers.get("content-language")).toBe("en");
    const html = await en.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<h1>Rule book</h1>");
    expect(html).toContain('href="/rules/flanders/registration-tax?lang=en"');
    const nl = await (await fetch(`${url}/rules?lang=nl`, { headers: { "Accept-Language": "fr" } })).text();
    expect(nl).toContain("<h1>Regelboek</h1>");
    const fr = await fetch(`${url}/rules`, { headers: { "Accept-Language": "fr-BE,fr;q=0.9,en;q=0.5" } });
    expect(fr.headers.get("content-language")).toBe("fr");
    expect(await fr.text()).toContain("<h1>Recueil des règles</h1>");
  });

  it("serves a page per tax and region: the law, the formula, each parameter with an anchor, localised", async () => {
    const nl = await (await fetch(`${url}/rules/flanders/registration-tax?lang=nl`)).text();
    expect(nl).toContain("Belasting op de inverkeerstelling (BIV) — Vlaanderen");
    expect(nl).toContain("<h2>Wat de wet zegt</h2>");
    expect(nl).toContain('<article id="q"');
    // The 2025 row of q (VCF: 1.07 in 2021, +0.035 a year): a Dutch date and a decimal comma.
    expect(nl).toMatch(
      /<td data-label="Vanaf">1 januari 2025<\/td><td data-label="Tot en met">31 december 2025<\/td><td data-label="Waarde" class="value">1,21<\/td>/,
    );
    const fr = await (await fetch(`${url}/rules/flanders/registration-tax?lang=fr`)).text();
    expect(fr).toMatch(
      /<td data-label="Du">1 janvier 2025<\/td><td data-label="Au">31 décembre 2025<\/td><td data-label="Valeur" class="value">1,21<\/td>/,
    );
    const en = await (await fetch(`${url}/rules/flanders/registration-tax?lang=en`)).text();
    expect(en).toMatch(
      /<td data-label="From">1 January 2025<\/td><td data-label="Until">31 December 2025<\/td><td data-label="Value" class="value">1.21<\/td>/,
    );
    for (const html of [nl, fr, en]) {
      expect(html).not.toMatch(/<script|<link |src="http/);
    }
  });

  it("answers every page of the book, and redirects every parameter's stable address to its anchor", async () => {
    for (const page of ruleBook()) {
      const response = await fetch(`${url}/rules/${page.path}`);
      expect(response.status, page.path).toBe(200);
      const html = await response.text();
      for (const parameter of page.parameters) {
        expect(html, `${page.path}#${parameter.anchor}`).toContain(`<article id="${parameter.anchor}"`);
        const stable = await fetch(`${url}/rules/${page.path}/${parameter.anchor}?lang=fr`, {
          redirect: "manual",
        });
        expect(stable.status).toBe(302);
        expect(stable.headers.get("location")).toBe(`/rules/${page.path}?lang=fr#${parameter.anchor}`);
      }
    }
  });

  it("links each parameter of a calculation line to its entry: Calculate and the audit record, on a real port", async () => {
    const { primaryKey } = await service.subscribe();
    const response = await call(`${service.base}/Calculate?include=parameters`, primaryKey, {
      body: flemishRequest,
    });
    expect(response.status).toBe(200);
    const result = (await readJson(response)) as { calculationId: string; lines: LinkedLine[] };
    const q = parameterOf(result.lines, "RoadTax", 2025, "q");
    expect(q).toEqual({
      name: "q",
      value: 1.21,
      unit: "factor",
      provisional: false,
      parameter: "flanders.biv.q",
      ruleBookUrl: "https://api.cartax.test/rules/flanders/registration-tax/q",
    });
    // The example: the Flemish BIV minimum of the line's index window, at its stable address.
    expect(parameterOf(result.lines, "RoadTax", 2025, "minimum")?.ruleBookUrl).toBe(
      "https://api.cartax.test/rules/flanders/registration-tax/minimum",
    );
    // A constant not in the registry yet says so instead of linking anywhere.
    expect(parameterOf(result.lines, "RoadTax", 2025, "fuelFactor")?.ruleBookUrl).toBeNull();
    const record = (await readJson(
      await call(`${service.base}/Calculations/${result.calculationId}`, primaryKey),
    )) as {
      result: { lines: LinkedLine[] };
    };
    expect(parameterOf(record.result.lines, "RoadTax", 2025, "q")).toEqual(q);
    // Every link of every line leads to an entry of the book that exists.
    for (const line of result.lines)
      for (const parameter of line.parameters) {
        if (parameter.ruleBookUrl === null) continue;
        const stable = parameter.ruleBookUrl.replace("https://api.cartax.test", url);
        const redirect = await fetch(stable, { redirect: "manual" });
        expect(redirect.status, stable).toBe(302);
        const [page, anchor] = (redirect.headers.get("location") ?? "").split("#");
        const html = await (await fetch(`${url}${page}`)).text();
        expect(html, stable).toContain(
          `<article id="${anchor}" class="parameter" data-parameter="${parameter.parameter}">`,
        );
      }
  });

  it("answers anything else under /rules with a 404 HTML page", async () => {
    for (const missing of [
      "/rules/mars/registration-tax",
      "/rules/flanders/income-tax",
      "/rules/flanders/registration-tax/no-such-parameter",
      "/rules/flanders/registration-tax/q/deeper",
    ]) {
      const response = await fetch(`${url}${missing}?lang=nl`);
      expect(response.status, missing).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await response.text()).toContain("Niet in het regelboek");
    }
  });
});

const browserPath = "/usr/bin/chromium";
const haveBrowser = fs.existsSync(browserPath);
if (!haveBrowser && process.env.CI === "true")
  throw new Error(`${browserPath} is missing: CI must run the browser test`);

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations on the page (run through the debugging protocol: the page's CSP allows no script). */
async function axeViolations(page: Page): Promise<{ id: string; help: string; nodes: number }[]> {
  await page.evaluate(axeSource);
  // A string: this file is compiled without the DOM library.
  return page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => ({ id: v.id, help: v.help, nodes: v.nodes.length })))",
  );
}

describe.skipIf(!haveBrowser || !sqlite?.available)("the rule book in a real headless Chromium", () => {
  let service: TestService;
  beforeAll(async () => {
    if (sqlite) service = await startTestService(sqlite);
  });
  afterAll(async () => {
    await service.stop();
  });

  it("renders the index and a page in nl, fr and en, self-contained and axe-clean; a stable parameter address lands on its entry", async () => {
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
        nl: {
          title: "Regelboek",
          page: "Jaarlijkse verkeersbelasting — Brussel",
          from: "Vanaf",
          date: "1 juli 2025",
        },
        fr: {
          title: "Recueil des règles",
          page: "Taxe de circulation annuelle — Bruxelles",
          from: "Du",
          date: "1 juillet 2025",
        },
        en: { title: "Rule book", page: "Annual road tax — Brussels", from: "From", date: "1 July 2025" },
      };
      for (const [lang, words] of Object.entries(expected)) {
        const page = await browser.newPage({ viewport: { width: 1000, height: 1200 }, locale: lang });
        const requests: string[] = [];
        page.on("request", (r) => requests.push(r.url()));
        await page.goto(`${service.server.url}/rules?lang=${lang}`);
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
        expect(await page.locator("h1").innerText()).toBe(words.title);
        await page.getByRole("table").getByRole("link", { name: words.page }).click();
        await page.waitForURL(/\/rules\/brussels\/annual-road-tax/);
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
        expect(await page.locator("h1").innerText()).toBe(words.page);
        const scale = page.locator("article#scale");
        expect(await scale.locator("th").allInnerTexts()).toContain(words.from);
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
        expect(await scale.innerText()).toContain(words.date);
        await page.screenshot({ path: path.join(artefacts, `rule-book-${lang}.png`), fullPage: false });
        await page.setViewportSize({ width: 380, height: 900 });
        const overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth");
        expect(overflow).toBeLessThanOrEqual(0);
        // The stable address of a parameter lands on its entry, which is the target of the page.
        await page.goto(`${service.server.url}/rules/flanders/registration-tax/q?lang=${lang}`);
        expect(page.url()).toMatch(/\/rules\/flanders\/registration-tax\?lang=\w\w#q$/);
        expect(await page.locator("article:target").getAttribute("data-parameter")).toBe("flanders.biv.q");
        expect(await page.locator("script").count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
        expect(requests.filter((r) => !r.startsWith(service.server.url))).toEqual([]);
        await page.close();
      }

      // A calculation line's parameter link, followed in the browser, shows the value the line used.
      const { primaryKey } = await service.subscribe();
      const expectedValue = { nl: "1,21", fr: "1,21", en: "1.21" };
      for (const [lang, value] of Object.entries(expectedValue)) {
        const request = { ...flemishRequest, userProfile: { ...flemishRequest.userProfile, language: lang } };
        const result = (await readJson(
          await call(`${service.base}/Calculate?include=parameters`, primaryKey, { body: request }),
        )) as {
          lines: LinkedLine[];
        };
        const q = parameterOf(result.lines, "RoadTax", 2025, "q");
        expect(q?.ruleBookUrl).toBeTruthy();
        const page = await browser.newPage({ locale: lang });
        await page.goto(
          `${(q?.ruleBookUrl ?? "").replace("https://api.cartax.test", service.server.url)}?lang=${lang}`,
        );
        const entry = page.locator("article:target");
        expect(await entry.getAttribute("data-parameter")).toBe(q?.parameter);
        // The row in force on the line's date (2025) holds the value the explanation used.
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
        expect(await entry.locator('tr[data-from="2025-01-01"] td.value').innerText()).toBe(value);
        expect(await entry.isVisible()).toBe(true);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  }, 180_000);
});
