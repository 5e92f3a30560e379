#!/usr/bin/env node
// `pnpm build:site`: the simulator and the rule book as a static folder (`site/`, or the folder
// given) that any static host can serve from its root, with no service behind it: the simulator
// computes in the browser, the rule book is plain HTML. Pages are taken from the service's own
// routes (rendered in this process, no server started), so they are the pages /simulator and
// /rules serve. The static rule book is in English (its language links need the service's
// `?lang=`); the simulator is in nl, fr and en (`/simulator/nl/`…; `/simulator/` opens English).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.resolve(process.argv[2] ?? path.join(root, "site"));
const api = await import(pathToFileURL(path.join(root, "apps/api/dist/index.js")).href);
const { ruleBook } = await import(pathToFileURL(path.join(root, "packages/engine/dist/index.js")).href);

/** Writes a route's answer under `out` (`dir/index.html`), failing loudly on anything but 200. */
async function page(routes, route, file) {
  const response = await routes.request(route, { headers: { "accept-language": "en" } });
  if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
  const target = path.join(out, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, Buffer.from(await response.arrayBuffer()));
  return target;
}

fs.rmSync(out, { recursive: true, force: true });
const simulator = api.simulatorRoutes();
const written = [];
for (const lang of ["nl", "fr", "en"])
  written.push(await page(simulator, `/${lang}`, `simulator/${lang}/index.html`));
written.push(await page(simulator, "/en", "simulator/index.html"));
written.push(await page(simulator, "/simulator.js", "simulator/simulator.js"));
const book = api.ruleBookRoutes();
written.push(await page(book, "/", "rules/index.html"));
for (const bookPage of ruleBook())
  written.push(await page(book, `/${bookPage.path}`, `rules/${bookPage.path}/index.html`));
const bytes = written.reduce((sum, file) => sum + fs.statSync(file).size, 0);
console.log(`${written.length} files, ${bytes} bytes in ${path.relative(process.cwd(), out) || "."}/`);
