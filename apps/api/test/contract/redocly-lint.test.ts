import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { bin, freshDocumentDir } from "./generated-clients";

const run = promisify(execFile);

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] }[];
}

/** Redocly CLI's `lint` with its recommended rules (offline: no telemetry, no update check). */
async function lint(file: string): Promise<LintReport> {
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  const args = ["lint", "--extends=recommended", "--format=json", file];
  const output = await run(bin("redocly"), args, { env, maxBuffer: 32 * 1024 * 1024 }).catch(
    // lint exits 1 when it finds errors; its report is still on standard output.
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
  );
  return JSON.parse(output.stdout) as LintReport;
}

const errorsOf = (report: LintReport) =>
  report.problems
    .filter((p) => p.severity === "error")
    .map((p) => `${p.ruleId} at ${p.location?.[0]?.pointer}: ${p.message}`);

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it("has no error", async () => {
    const { file } = freshDocumentDir("redocly");
    const report = await lint(file);
    expect(errorsOf(report)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it("would report one (the check can fail): a public operation that does not state its security", async () => {
    const { document } = freshDocumentDir("redocly-broken");
    const broken = structuredClone(document) as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    delete broken.paths["/health"]?.get?.security;
    const { file } = freshDocumentDir("redocly-broken", broken as never);
    const report = await lint(file);
    expect(errorsOf(report).some((e) => e.startsWith("security-defined"))).toBe(true);
  }, 120_000);
});
