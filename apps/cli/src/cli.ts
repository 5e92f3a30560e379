import fs from "node:fs";
import path from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { PROBLEM_TYPES } from "@cartax/schemas";
import { formatSchedule, scheduleRequest } from "./bik/bik-schedule";
import { calculateRequest } from "./calc/calculate-request";
import { formatCalculation } from "./calc/format-calculation";
import { repositoryRoot } from "./repository-root";
import { runRulesCommand } from "./rules/rules-command";
import { formatVectorTable } from "./vectors/format-vector-table";
import { loadVectorFiles } from "./vectors/load-vector-files";
import { runVector } from "./vectors/run-vector";

/** Where the CLI reads and writes; the tests give their own. */
export interface CliIo {
  readonly readStdin: () => string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Folder relative paths are resolved against (where the user typed the command). */
  readonly cwd: string;
}

const USAGE = `usage:
  cartax vectors [path]          run the test vectors (default: test-vectors/); exit 1 on any failure
  cartax calc [file|-] [--json]  calculate a CalculationRequest (or a JSON array of them) without a server
  cartax calc --batch FILE       the same for NDJSON (one request per line), answers streamed as NDJSON
  cartax bik schedule [file|-] [--json]  the benefit in kind month by month over a period, without a server
  cartax subscription …          operator tools: create, rotate, activate, deactivate, grant-calculation,
                                 revoke-calculation, limit, usage, list (cartax subscription --help)
  cartax webhook …               operator tools: add, list, disable, enable, remove, status, redeliver, recover (cartax webhook --help)
  cartax notify --calculations RoadTax,BenefitInKind   send a change notification to every enabled endpoint
  cartax notify --rules                                 the same for the calculators whose rules changed since the last notice
  cartax logo add NAME FILE | list                      the QR logo store (PNG or SVG)
  cartax rules export | diff OLD.json NEW.json | book   the rule tables as JSON, what changed, the rule book`;

/** Largest input `calc` reads, and most requests in one array (documented in the README). */
export const CALC_LIMITS = { maxBytes: 50 * 1024 * 1024, maxRequests: 10_000 } as const;

const VECTORS_HELP = `usage: cartax vectors [path]
  Runs every test vector in test-vectors/ (or one folder or file) and prints a pass/fail table with,
  for each failing vector, the difference and its source. Exit code 1 on any failure.`;

const CALC_HELP = `usage: cartax calc [file|-] [--json]
  Reads a CalculationRequest (HTTP body shape, inline carDetail) or a JSON array of at most
  ${CALC_LIMITS.maxRequests.toLocaleString("en")} of them, from a file or standard input (-), at most 50 MB.
  --json   print exactly the API's CalculationResult JSON (calculationId null); invalid elements of an
           array become {"error": <problem details>}
  Exit code 0 when every request ran, 1 when any was invalid, 2 on wrong usage.
  --batch FILE   NDJSON in (one request per line, FILE or -), NDJSON out, streamed: one answer per
                 line in order, a progress bar on a terminal (cartax calc --batch - --help).`;

const BIK_HELP = `usage: cartax bik schedule [file|-] [--json]
  Reads a BenefitInKindScheduleRequest (the body of POST /v1/BenefitInKind/schedule: an inline
  carDetail, a userProfile, options with registrationDate, from (default registrationDate), until,
  ownMonthlyCost, assumeLatestRules) from a file or standard input (-), at most 50 MB, and prints each
  month's days, age coefficient and amount, then each calendar year's total as the tax form carries it.
  --json   print exactly the API's answer
  Exit code 0 when the request ran, 1 when it was invalid, 2 on wrong usage.`;

/** Parses a command's arguments strictly: unknown flags are an error with the command's usage. */
function parse(args: readonly string[], options: ParseArgsConfig["options"], help: string, io: CliIo) {
  try {
    const parsed = parseArgs({
      args: [...args],
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.values.help) {
      io.stdout(`${help}\n`);
      return { exit: 0 as const };
    }
    return { parsed };
  } catch (error) {
    io.stderr(`cartax: ${(error as Error).message}\n${help}\n`);
    return { exit: 2 as const };
  }
}

function vectorsCommand(args: readonly string[], io: CliIo): number {
  const { parsed, exit } = parse(args, {}, VECTORS_HELP, io);
  if (!parsed) return exit;
  if (parsed.positionals.length > 1) {
    io.stderr(`cartax vectors: expected at most one path\n${VECTORS_HELP}\n`);
    return 2;
  }
  const first = parsed.positionals[0];
  const target = first ? path.resolve(io.cwd, first) : path.join(repositoryRoot(io.cwd), "test-vectors");
  if (!fs.existsSync(target)) {
    io.stderr(`cartax vectors: no such file or folder: ${target}\n`);
    return 2;
  }
  const { vectors, errors } = loadVectorFiles(target);
  const runs = vectors.map(runVector);
  io.stdout(`${formatVectorTable(runs)}\n`);
  for (const error of errors) io.stdout(`INVALID FILE ${error.file}: ${error.message}\n`);
  const failed = runs.filter((r) => !r.passed).length;
  io.stdout(
    `\n${runs.length - failed} passed, ${failed} failed${errors.length ? `, ${errors.length} invalid files` : ""}\n`,
  );
  return failed === 0 && errors.length === 0 && runs.length > 0 ? 0 : 1;
}

function readInput(source: string, io: CliIo): string {
  if (source === "-") return io.readStdin();
  const file = path.resolve(io.cwd, source);
  if (fs.statSync(file).size > CALC_LIMITS.maxBytes) throw new Error(`${source} is larger than 50 MB`);
  return fs.readFileSync(file, "utf8");
}

function calcCommand(args: readonly string[], io: CliIo): number {
  const { parsed, exit } = parse(args, { json: { type: "boolean" } }, CALC_HELP, io);
  if (!parsed) return exit;
  if (parsed.positionals.length > 1) {
    io.stderr(`cartax calc: expected at most one file\n${CALC_HELP}\n`);
    return 2;
  }
  const json = (parsed.values as { json?: boolean }).json === true;
  const source = parsed.positionals[0] ?? "-";
  let text: string;
  try {
    text = readInput(source, io);
  } catch (error) {
    io.stderr(`cartax calc: cannot read ${source}: ${(error as Error).message}\n`);
    return 2;
  }
  if (text.length > CALC_LIMITS.maxBytes) {
    io.stderr("cartax calc: the input is larger than 50 MB\n");
    return 2;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const problem = {
      type: PROBLEM_TYPES.malformedJson,
      title: "The body is not valid JSON",
      status: 400,
      detail: (error as Error).message,
    };
    io.stderr(`cartax calc: ${problem.title}: ${problem.detail}\n`);
    if (json) io.stdout(`${JSON.stringify({ error: problem })}\n`);
    return 1;
  }
  const requests = Array.isArray(body) ? body : [body];
  if (requests.length > CALC_LIMITS.maxRequests) {
    io.stderr(
      `cartax calc: ${requests.length} requests; at most ${CALC_LIMITS.maxRequests.toLocaleString("en")} in one input\n`,
    );
    return 2;
  }
  const calculated = requests.map((request) => calculateRequest(request));
  const invalid = calculated.filter((c) => !c.ok).length;
  if (json) {
    const results = calculated.map((c) => (c.ok ? c.body : { error: c.problem }));
    io.stdout(`${JSON.stringify(Array.isArray(body) ? results : results[0])}\n`);
  } else {
    const blocks = calculated.map((c, i) =>
      formatCalculation(c, Array.isArray(body) ? `request ${i + 1}` : "request"),
    );
    io.stdout(`${blocks.join("\n\n")}\n`);
  }
  if (invalid > 0) io.stderr(`cartax calc: ${invalid} of ${requests.length} requests invalid\n`);
  return invalid === 0 ? 0 : 1;
}

function bikCommand(args: readonly string[], io: CliIo): number {
  const [sub, ...rest] = args;
  if (sub !== "schedule") {
    if (sub === "--help" || sub === "-h") {
      io.stdout(`${BIK_HELP}\n`);
      return 0;
    }
    io.stderr(`cartax bik: expected the subcommand schedule\n${BIK_HELP}\n`);
    return 2;
  }
  const { parsed, exit } = parse(rest, { json: { type: "boolean" } }, BIK_HELP, io);
  if (!parsed) return exit;
  if (parsed.positionals.length > 1) {
    io.stderr(`cartax bik schedule: expected at most one file\n${BIK_HELP}\n`);
    return 2;
  }
  const json = (parsed.values as { json?: boolean }).json === true;
  const source = parsed.positionals[0] ?? "-";
  let body: unknown;
  try {
    body = JSON.parse(readInput(source, io));
  } catch (error) {
    io.stderr(`cartax bik schedule: cannot read ${source} as JSON: ${(error as Error).message}\n`);
    return 2;
  }
  const result = scheduleRequest(body);
  if (!result.ok) {
    const errors = (result.problem.errors ?? []).map((e) => `${e.field} (${e.rule}): ${e.message}`);
    io.stderr(`cartax bik schedule: ${result.problem.title}\n  ${errors.join("\n  ")}\n`);
    if (json) io.stdout(`${JSON.stringify({ error: result.problem })}\n`);
    return 1;
  }
  io.stdout(`${json ? JSON.stringify(result.schedule) : formatSchedule(result.schedule, result.language)}\n`);
  return 0;
}

/** Runs `cartax <command> …` and returns the exit code. */
export function runCli(argv: readonly string[], io: CliIo): number {
  const [command, ...rest] = argv;
  if (command === "vectors") return vectorsCommand(rest, io);
  if (command === "calc") return calcCommand(rest, io);
  if (command === "bik") return bikCommand(rest, io);
  if (command === "rules") return runRulesCommand(rest, io);
  if (command === "--help" || command === "-h" || command === "help") {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  io.stderr(`${command === undefined ? "" : `cartax: unknown command ${command}\n`}${USAGE}\n`);
  return 2;
}
