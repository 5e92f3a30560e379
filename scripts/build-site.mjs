#!/usr/bin/env node
// `pnpm build:site`: the simulator and the rule book as a static folder (`site/`, or the folder
// given) that any static host can serve from its root, with no service behind it: the simulator
// computes in the browser, the rule book is plain HTML. Pages are taken from the service's own
// routes (rendered in this process, no server started), so they are the pages /simulator and
// /rules serve, in nl, fr and en: `/simulator/nl/`… and `/rules/nl/`…, whose links to each other
// (the service's `?lang=`) are rewritten to those folders; `/simulator/` and `/rules/` open English.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.resolve(process.argv[2] ?? path.join(root, "site"));
const api = await import(pathToFileURL(path.join(root, "apps/api/dist/index.js")).href);
const { ruleBook } = await import(pathToFileURL(path.join(root, "packages/engine/dist/index.js")).href);

/** Writes a route's answer under `out` (`dir/index.html`), failing loudly on anything but 200. */
async function page(routes, route, file, rewrite = (text) => text) {
  const response = await routes.request(route, { headers: { "accept-language": "en" } });
  if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
  const target = path.join(out, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const body = Buffer.from(await response.arrayBuffer());
  fs.writeFileSync(target, file.endsWith(".html") ? rewrite(body.toString("utf8")) : body);
  return target;
}

/**
 * The rule book's links as static folders: `/rules?lang=fr` → `/rules/fr/`,
 * `/rules/flanders/registration-tax?lang=fr` → `/rules/fr/flanders/registration-tax/`, the
 * page's own `?lang=nl` → the same page's folder in Dutch, and `/rules` → the index of the page's language.
 */
function staticBookLinks(language, pagePath) {
  const folder = (lang, p) => `/rules/${lang}/${p ? `${p}/` : ""}`;
  return (html) =>
    html
      .replace(/href="\/rules\?lang=(nl|fr|en)"/g, (_, lang) => `href="${folder(lang, "")}"`)
      .replace(
        /href="\/rules\/([a-z0-9-]+\/[a-z0-9-]+)\?lang=(nl|fr|en)(#[^"]*)?"/g,
        (_, p, lang, anchor) => `href="${folder(lang, p)}${anchor ?? ""}"`,
      )
      .replace(/href="\?lang=(nl|fr|en)"/g, (_, lang) => `href="${folder(lang, pagePath)}"`)
      .replace(/href="\/rules"/g, `href="${folder(language, "")}"`);
}

fs.rmSync(out, { recursive: true, force: true });
const simulator = api.simulatorRoutes();
const written = [];
for (const lang of ["nl", "fr", "en"])
  written.push(await page(simulator, `/${lang}`, `simulator/${lang}/index.html`));
written.push(await page(simulator, "/en", "simulator/index.html"));
written.push(await page(simulator, "/simulator.js", "simulator/simulator.js"));
const book = api.ruleBookRoutes();
written.push(await page(book, "/?lang=en", "rules/index.html", staticBookLinks("en", "")));
for (const lang of ["nl", "fr", "en"]) {
  written.push(await page(book, `/?lang=${lang}`, `rules/${lang}/index.html`, staticBookLinks(lang, "")));
  for (const bookPage of ruleBook())
    written.push(
      await page(
        book,
        `/${bookPage.path}?lang=${lang}`,
        `rules/${lang}/${bookPage.path}/index.html`,
        staticBookLinks(lang, bookPage.path),
      ),
    );
}
const bytes = written.reduce((sum, file) => sum + fs.statSync(file).size, 0);
console.log(`${written.length} files, ${bytes} bytes in ${path.relative(process.cwd(), out) || "."}/`);
