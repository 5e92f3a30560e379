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

/** The README's quick start body (POST /v1/Calculate with the car inline). */
export const QUICK_START_REQUEST = {
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
    language: "en",
  },
  options: { registrationDate: "2025-03-01" },
} as const;
