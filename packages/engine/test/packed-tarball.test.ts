import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The engine as a new user gets it: the packed tarball installed into a fresh ESM app and a fresh
 * CommonJS app, the README example compiled with tsc under `strict` and `nodenext`, then run.
 */
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsc = path.resolve(packageDir, "../../node_modules/typescript/bin/tsc");

const example = `import { calculate, computeTaxMatrix, toCalculationLine } from "@cartax/engine";

const car = {
  catalogPrice: 40000,
  firstRegistration: "2025-03-01",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 110,
  wltp: 130,
  nedC2: 0,
  capacity: 1498,
} as const;

const outcome = calculate({
  car,
  profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Flanders", hasFuelCard: true },
  options: { registrationDate: "2025-03-01", orderDate: "2024-11-15" },
});
const byNumber = calculate({ car: { ...car, fuel: 20 }, profile: { status: 30, registrationOn: 20, region: 0 }, options: { registrationDate: "2025-03-01" } });
const invalid = calculate({ car: { ...car, fuel: "Benzine" as never }, profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Flanders" }, options: { registrationDate: "2025-03-01" } });
const matrix = computeTaxMatrix(car, { registrationDate: "2025-03-01" });
console.log(JSON.stringify({
  ok: outcome.ok,
  lines: outcome.ok ? outcome.results.map((r) => toCalculationLine(r, "en").name) : [],
  byNumber: byNumber.ok,
  invalid: invalid.ok ? [] : invalid.issues.map((i) => i.field),
  rows: matrix.ok ? matrix.matrix.rows.length : 0,
}));
`;

describe("the packed @cartax/engine in fresh apps", () => {
  let dir: string;
  let tarball: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-tarball-"));
    const name =
      execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], {
        cwd: packageDir,
        encoding: "utf8",
      })
        .trim()
        .split("\n")
        .at(-1) ?? "";
    tarball = path.join(dir, name);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(["module", "commonjs"] as const)(
    "installs, compiles under strict nodenext and runs the README example (%s)",
    (type) => {
      const app = path.join(dir, type);
      fs.mkdirSync(path.join(app, "src"), { recursive: true });
      fs.writeFileSync(
        path.join(app, "package.json"),
        JSON.stringify({ name: `app-${type}`, private: true, type }),
      );
      fs.writeFileSync(
        path.join(app, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            module: "nodenext",
            moduleResolution: "nodenext",
            target: "es2022",
            strict: true,
            outDir: "dist",
            types: [],
          },
          include: ["src"],
        }),
      );
      fs.writeFileSync(path.join(app, "src", "index.ts"), example);
      execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--silent", tarball], {
        cwd: app,
        stdio: "pipe",
      });
      execFileSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: app, stdio: "pipe" });
      const output = JSON.parse(
        execFileSync(process.execPath, ["dist/index.js"], { cwd: app, encoding: "utf8" }),
      );
      expect(output).toEqual({
        ok: true,
        lines: expect.arrayContaining(["Registration tax", "Benefit in kind"]),
        byNumber: true,
        invalid: ["carDetail.fuel"],
        rows: 9,
      });
      expect(output.lines).toHaveLength(11);
      if (type === "commonjs")
        expect(fs.readFileSync(path.join(app, "dist/index.js"), "utf8")).toContain("require(");
    },
    // npm install + tsc in a fresh folder: 20 s was not always enough while other suites run (CI).
    120_000,
  );
});
