import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openApiDocument } from "../../src/app";

/** Where the tests write the document and the clients they generate from it (git-ignored). */
const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../test-artifacts/contract");

/** The package's own binaries (redocly, tsc), whatever the working directory of the test. */
export const bin = (name: string) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../node_modules/.bin", name);

/**
 * A fresh directory holding the service's current OpenAPI document as `openapi.json` (each test
 * file its own, so files running in parallel never share one).
 */
export function freshDocumentDir(name: string, document = openApiDocument("http://127.0.0.1:3000")) {
  const dir = path.join(ARTIFACTS, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "openapi.json");
  fs.writeFileSync(file, JSON.stringify(document, null, 2));
  return { dir, file, document };
}

/** The repository's README.md. */
const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../README.md");

/**
 * The body of the README's quick start, as the README writes it (the JSON after `-d` in the first
 * sh block under "## Quick start"): the tests use what a newcomer copies, not a copy of it.
 */
export function readmeQuickStartBody(readme = fs.readFileSync(README, "utf8")): string {
  const section = readme.slice(readme.indexOf("\n## Quick start"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const body = /-d '([^']*)'/.exec(block)?.[1];
  if (!body) throw new Error("README.md: no -d '…' body in the quick start's sh block");
  return body;
}

/** The README's quick start body (POST /v1/Calculate with the car inline), parsed. */
export const QUICK_START_REQUEST = JSON.parse(readmeQuickStartBody()) as {
  readonly carDetail: Record<string, unknown>;
  readonly userProfile: Record<string, unknown>;
  readonly options: Record<string, unknown>;
};
