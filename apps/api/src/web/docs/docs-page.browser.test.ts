import fs from "node:fs";
import { testDatabases } from "@cartax/storage/testing";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestService, type TestService } from "../../testing/test-service";

const browserPath = "/usr/bin/chromium";
const haveBrowser = fs.existsSync(browserPath);
if (!haveBrowser && process.env.CI === "true")
  throw new Error(`${browserPath} is missing: CI must run the browser test`);

/**
 * Issue 31, point 6: /docs "Try it out" at the address the README starts the service on. The
 * test service's public base URL (https://api.cartax.test) is not where it listens, as on a
 * developer's machine: the document's server must follow the address the document was read from.
 */
describe("/docs Try it out", () => {
  const [sqlite] = testDatabases();
  let service: TestService;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!sqlite) return;
    service = await startTestService(sqlite);
    if (haveBrowser)
      browser = await chromium.launch({
        executablePath: browserPath,
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
      });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it("the document's server resolves to the origin it was read from", async () => {
    const documentUrl = `${service.server.url}/v1/openapi.json`;
    const document = await readJson(await fetch(documentUrl));
    expect(document.servers).toHaveLength(1);
    const server = new URL(document.servers[0].url, documentUrl);
    expect(server.origin).toBe(new URL(service.server.url).origin);
    const health = await fetch(new URL("health", server.href.endsWith("/") ? server : `${server.href}/`));
    expect(health.status).toBe(200);
  });

  it.skipIf(!haveBrowser)(
    "executes GET /health from the page and shows its 200",
    async () => {
      const page = await (browser as Browser).newPage();
      const requested: string[] = [];
      page.on("request", (request) => requested.push(request.url()));
      await page.goto(`${service.server.url}/docs`);
      const operation = page.locator("#operations-Operations-getHealth");
      await operation.locator(".opblock-summary").first().click();
      await operation.locator("button.try-out__btn").click();
      await operation.locator("button.execute").click();
      const status = operation.locator(".live-responses-table tr.response .response-col_status").first();
      await status.waitFor({ timeout: 15_000 });
      expect((await status.textContent())?.trim()).toBe("200");
      expect(requested).toContain(`${service.server.url}/health`);
      await page.close();
    },
    30_000,
  );
});
