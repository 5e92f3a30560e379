import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { repositoryRoot } from "../repository-root";

/**
 * `cartax bik schedule` on the cars of test-vectors/bik-schedule/published.json: the months and
 * yearly totals computed by hand from the law (each vector's derivation), through the CLI.
 */
const root = repositoryRoot(process.cwd());
const { vectors } = JSON.parse(
  fs.readFileSync(path.join(root, "test-vectors/bik-schedule/published.json"), "utf8"),
) as {
  vectors: {
    id: string;
    car: Record<string, unknown>;
    from: string;
    until: string;
    ownContributionMonthly: number;
    expected: { months: { month: string; amount: number }[]; years: { year: number; total: number }[] };
  }[];
};

function run(args: string[], stdin: string) {
  let stdout = "";
  let stderr = "";
  const code = runCli(args, {
    readStdin: () => stdin,
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    cwd: root,
  });
  return { code, stdout, stderr };
}

const body = (vector: (typeof vectors)[number]) =>
  JSON.stringify({
    carDetail: vector.car,
    userProfile: {
      postalCode: 1000,
      status: "SelfEmployed",
      registrationOn: "CompanyRegistration",
      regionRegistration: "Brussels",
    },
    options: {
      registrationDate: vector.car.firstRegistration,
      from: vector.from,
      until: vector.until,
      ownMonthlyCost: vector.ownContributionMonthly || null,
    },
  });

describe("cartax bik schedule", () => {
  for (const vector of vectors.slice(0, 3)) {
    it(`${vector.id}: --json gives the vector's months and yearly totals`, () => {
      const { code, stdout } = run(["bik", "schedule", "-", "--json"], body(vector));
      expect(code).toBe(0);
      const schedule = JSON.parse(stdout);
      expect(
        schedule.months.map((m: { month: string; amount: number }) => ({ month: m.month, amount: m.amount })),
      ).toEqual(vector.expected.months.map(({ month, amount }) => ({ month, amount })));
      expect(
        schedule.years.map((y: { year: number; total: number }) => ({ year: y.year, total: y.total })),
      ).toEqual(vector.expected.years);
    });
  }

  it("prints a table with each year's total", () => {
    const vector = vectors[0] as (typeof vectors)[number];
    const { code, stdout } = run(["bik", "schedule"], body(vector));
    expect(code).toBe(0);
    const total = vector.expected.years[0]?.total as number;
    expect(stdout).toContain(`${vector.expected.years[0]?.year}: `);
    expect(stdout).toContain(total.toLocaleString("en", { minimumFractionDigits: 2 }));
  });

  it("refuses a period that ends before it starts, naming the field, exit 1", () => {
    const vector = vectors[0] as (typeof vectors)[number];
    const bad = JSON.parse(body(vector));
    bad.options.until = "2020-01-01";
    const { code, stderr } = run(["bik", "schedule", "-"], JSON.stringify(bad));
    expect(code).toBe(1);
    expect(stderr).toContain("options.until (range)");
  });

  it("refuses an unknown subcommand with exit 2", () => {
    expect(run(["bik", "monthly"], "").code).toBe(2);
  });
});
