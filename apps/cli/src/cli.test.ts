import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./cli";

function run(argv: string[], stdin = "") {
  let stdout = "";
  let stderr = "";
  const code = runCli(argv, {
    readStdin: () => stdin,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    cwd: process.cwd(),
  });
  return { code, stdout, stderr };
}

// Diesel 151 g/km NEDC, ordered 2020: Securex publishes 85.54 EUR/month for 2022 (federal.md §7 ex. 1).
const request = {
  carDetail: {
    catalogPrice: 30000,
    firstRegistration: "2020-05-01",
    fuel: 10,
    euroStandard: "Euro6",
    kilowatt: 100,
    nedC2: 151,
    capacity: 1968,
  },
  userProfile: {
    postalCode: 1000,
    status: "SelfEmployed",
    registrationOn: 20,
    regionRegistration: "Brussels",
    viewOptions: 32,
  },
  options: { registrationDate: "2022-01-10", orderDate: "2020-03-01" },
};

describe("cartax calc", () => {
  // Walloon reform (from 1 July 2025) needs the maximum authorised mass; this car has none.
  const walloonWithoutWeight = {
    carDetail: {
      catalogPrice: 18000,
      firstRegistration: "2025-09-01",
      fuel: "Petrol",
      euroStandard: "Euro6",
      kilowatt: 81,
      wltp: 120,
      nedC2: 0,
      capacity: 1199,
    },
    userProfile: {
      postalCode: 5000,
      status: "SelfEmployed",
      registrationOn: "CompanyRegistration",
      regionRegistration: "Wallonia",
      viewOptions: "RoadTax",
    },
    options: { registrationDate: "2025-09-01" },
  };

  it("never prints a missing figure as 0.00: --json lists it in unavailableLines, the table shows — and why", () => {
    const json = run(["calc", "--json", "-"], JSON.stringify(walloonWithoutWeight));
    expect(json.code).toBe(0);
    const body = JSON.parse(json.stdout);
    expect(body.lines).toEqual([]);
    expect(body.unavailableLines).toEqual([
      expect.objectContaining({
        viewOption: "RoadTax",
        year: 2025,
        outcome: "missingInput",
        missingFields: ["weight"],
      }),
    ]);
    const table = run(["calc", "-"], JSON.stringify(walloonWithoutWeight));
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain("0.00");
    expect(table.stdout).toMatch(/Registration tax\s+2025\s+—\s+missingInput \(missing: weight\)/);
    expect(table.stdout).toContain("The maximum authorised mass (weight) is needed for this tax.");
  });

  it("heads each explanation with the tax's name in the request's language, not the contract's RoadTax (issue 30)", () => {
    const walloon = {
      ...walloonWithoutWeight,
      carDetail: { ...walloonWithoutWeight.carDetail, weight: 1500 },
    };
    const names = {
      en: "Registration tax",
      nl: "Belasting op de inverkeerstelling (BIV)",
      fr: "Taxe de mise en circulation (TMC)",
    };
    for (const [language, name] of Object.entries(names)) {
      const body = { ...walloon, userProfile: { ...walloon.userProfile, language } };
      const out = run(["calc", "-"], JSON.stringify(body));
      expect(out.code).toBe(0);
      const headings = out.stdout.split("\n").filter((l) => l.includes("(evaluated on"));
      expect(headings).toEqual([
        expect.stringMatching(
          new RegExp(`^  ${name.replace(/[()]/g, "\\$&")} 2025 \\(evaluated on 2025-09-01`),
        ),
      ]);
      expect(out.stdout).not.toMatch(/^\s*RoadTax /m);
    }
  });

  it("marks in the table every line --json marks provisional, and only those, with the legend in the request's language", () => {
    // A plug-in hybrid registered in Wallonia in March 2026, all six calculators over two years.
    const hybrid = (language: string) => ({
      carDetail: {
        catalogPrice: 48000,
        firstRegistration: "2026-03-01",
        fuel: "PluginHybridPetrol",
        euroStandard: "Euro6",
        kilowatt: 155,
        wltp: 32,
        nedC2: 0,
        capacity: 1477,
        weight: 2000,
        batteryCapacity: 19.5,
      },
      userProfile: {
        postalCode: 4000,
        status: "SelfEmployed",
        registrationOn: "CompanyRegistration",
        regionRegistration: "Wallonia",
        language,
        viewOptions: 63,
      },
      options: { registrationDate: "2026-03-01" },
    });
    const legends = {
      en: /^ {2}\* provisional: the figure rests on a rule or an amount that no authoritative source/m,
      nl: /^ {2}\* voorlopig: het bedrag steunt op een regel of een bedrag dat nog niet/m,
      fr: /^ {2}\* provisoire : le montant repose sur une règle ou un montant/m,
    };
    const marks = { en: "provisional*", nl: "voorlopig*", fr: "provisoire*" };
    for (const language of ["en", "nl", "fr"] as const) {
      const body = JSON.parse(run(["calc", "--json", "-"], JSON.stringify(hybrid(language))).stdout);
      const table = run(["calc", "-"], JSON.stringify(hybrid(language))).stdout;
      const lines: { name: string; year: number; value: string; provisional: boolean }[] = body.lines;
      expect(lines.some((line) => line.provisional)).toBe(true);
      for (const line of lines) {
        const row = table.split("\n").find((r) => r.includes(line.name) && r.includes(` ${line.year} `));
        expect(row, `${line.name} ${line.year}`).toContain(line.value);
        if (line.provisional) expect(row, `${line.name} ${line.year}`).toContain(marks[language]);
        else expect(row, `${line.name} ${line.year}`).not.toContain("*");
      }
      expect(table).toMatch(legends[language]);
    }
  });

  it("prints exactly the API's CalculationResult JSON on stdout with --json", () => {
    const { code, stdout, stderr } = run(["calc", "--json", "-"], JSON.stringify(request));
    expect(code).toBe(0);
    expect(stderr).toBe("");
    const body = JSON.parse(stdout);
    expect(body.calculationId).toBeNull();
    expect(body.lines).toHaveLength(2);
    const [line] = body.lines;
    expect(Object.keys(line).sort()).toEqual(
      [
        "description",
        "hasUrl",
        "name",
        "outcome",
        "provisional",
        "rawValue",
        "url",
        "value",
        "viewOption",
        "year",
      ].sort(),
    );
    expect(line).toMatchObject({
      viewOption: "CO2Contribution",
      year: 2022,
      rawValue: 85.54 * 12,
      hasUrl: true,
    });
  });

  it("keeps the order of an array and turns an invalid element into {error: problem}", () => {
    const invalid = { ...request, userProfile: { ...request.userProfile, postalCode: 999 } };
    const { code, stdout, stderr } = run(["calc", "/nonexistent/requests.json", "--json"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("cannot read");

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-cli-"));
    const file = path.join(dir, "requests.json");
    fs.writeFileSync(file, JSON.stringify([request, invalid, request]));
    const result = run(["calc", file, "--json"]);
    expect(result.code).toBe(1);
    const bodies = JSON.parse(result.stdout);
    expect(bodies).toHaveLength(3);
    expect(bodies[0].lines[0].rawValue).toBe(1026.48);
    expect(bodies[1].error).toMatchObject({ status: 400, type: "/problems/validation-error" });
    expect(bodies[1].error.errors[0]).toMatchObject({ field: "userProfile.postalCode", rule: "min" });
    expect(bodies[2].lines[0].rawValue).toBe(1026.48);
    expect(result.stderr).toContain("1 of 3 requests invalid");
  });

  it("answers malformed JSON with a problem and exit code 1", () => {
    const { code, stdout } = run(["calc", "--json", "-"], "{not json");
    expect(code).toBe(1);
    expect(JSON.parse(stdout).error).toMatchObject({ status: 400, type: "/problems/malformed-json" });
  });

  it("prints a readable table with the explanation and sources without --json", () => {
    const { code, stdout } = run(["calc", "-"], JSON.stringify(request));
    expect(code).toBe(0);
    expect(stdout).toContain("CO2 solidarity contribution");
    expect(stdout).toContain("healthIndexSeptember = 154.29");
    expect(stdout).toContain("https://");
  });
});

describe("cartax vectors", () => {
  it("fails with a non-zero exit code and shows the source of a failing vector", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-vectors-"));
    const file = path.join(dir, "co2.json");
    const vector = (id: string, rawValue: number) => ({
      id,
      request,
      lineYear: 2022,
      expected: { outcome: "amount", rawValue },
      source: `source of ${id}`,
    });
    fs.writeFileSync(
      file,
      JSON.stringify({
        calculator: "CO2Contribution",
        vectors: [vector("ok", 1026.48), vector("wrong", 1000)],
      }),
    );
    const { code, stdout } = run(["vectors", file]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/pass\s+ok/);
    expect(stdout).toMatch(/FAIL\s+wrong.*\+26\.48/);
    expect(stdout).toContain("source:  source of wrong");
    expect(stdout).toContain("1 passed, 1 failed");
  });
});

describe("the CLI refuses what it does not understand", () => {
  it("answers an unknown flag with an error and the command's usage (exit 2)", () => {
    const out = run(["calc", "--jsn"], JSON.stringify(request));
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("--jsn");
    expect(out.stderr).toContain("usage: cartax calc");
    expect(out.stdout).toBe("");
    expect(run(["vectors", "--fast"]).code).toBe(2);
    expect(run(["frobnicate"]).code).toBe(2);
  });

  it("prints help for every command", () => {
    for (const argv of [["--help"], ["calc", "--help"], ["vectors", "--help"], ["calc", "-h"]]) {
      const out = run(argv);
      expect(out.code, argv.join(" ")).toBe(0);
      expect(out.stdout).toMatch(/usage:/);
    }
  });

  it("refuses more than 10,000 requests in one input with a clear message", () => {
    const out = run(["calc", "--json", "-"], JSON.stringify(Array.from({ length: 10_001 }, () => 0)));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/at most 10,000/);
  });

  it("prints each message of an invalid request once", () => {
    const bad = { ...request, carDetail: { ...request.carDetail, catalogPrice: "x", fuel: "Benzine" } };
    const out = run(["calc", "-"], JSON.stringify(bad));
    expect(out.code).toBe(1);
    for (const message of ["catalogPrice", "fuel must be one of"]) {
      expect(out.stdout.split(message).length - 1, message).toBe(1);
    }
  });
});
