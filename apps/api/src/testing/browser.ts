import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

/** The Chromium of the Debian package, which the browser tests drive through playwright-core. */
export const BROWSER_PATH = "/usr/bin/chromium";
export const haveBrowser = fs.existsSync(BROWSER_PATH);
if (!haveBrowser && process.env.CI === "true")
  throw new Error(`${BROWSER_PATH} is missing: CI must run the browser tests`);

/** Where browser tests leave their screenshots (git-ignored). */
export const ARTEFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../test-artifacts");

/** A headless Chromium for a suite (close it in afterAll). */
export async function launchBrowser(): Promise<Browser> {
  fs.mkdirSync(ARTEFACTS, { recursive: true });
  return chromium.launch({
    executablePath: BROWSER_PATH,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations on the page (through the debugging protocol: the pages' CSP allows no script). */
export async function axeViolations(page: Page): Promise<{ id: string; help: string; nodes: number }[]> {
  await page.evaluate(axeSource);
  // A string: this file is compiled without the DOM library.
  return page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => ({ id: v.id, help: v.help, nodes: v.nodes.length })))",
  );
}

/** The rendered text of the first element the selector finds. */
export const textOf = (page: Page, selector: string): Promise<string> =>
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the rendered text), not the DOM property
  page.locator(selector).first().innerText();
