import fs from "node:fs";
import path from "node:path";
import { PROBLEM_TYPES } from "@cartax/schemas";
import { calculateRequest } from "./calc/calculate-request";
import { formatCalculation } from "./calc/format-calculation";
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
  cartax subscription …          operator tools: create, rotate, activate, deactivate, grant-calculation,
                                 revoke-calculation, list (cartax subscription --help)
  cartax webhook …               operator tools: add, list, disable, enable, remove, status (cartax webhook --help)
  cartax notify --calculations RoadTax,BenefitInKind   send a change notification to every enabled endpoint
  cartax logo add NAME FILE | list                      the QR logo store (PNG or SVG)`;

function repositoryRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return from;
    dir = parent;
  }
  return dir;
}

function vectorsCommand(args: readonly string[], io: CliIo): number {
  const target = args[0] ? path.resolve(io.cwd, args[0]) : path.join(repositoryRoot(io.cwd), "test-vectors");
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

function calcCommand(args: readonly string[], io: CliIo): number {
  const json = args.includes("--json");
  const source = args.find((a) => !a.startsWith("--")) ?? "-";
  let text: string;
  try {
    text = source === "-" ? io.readStdin() : fs.readFileSync(path.resolve(io.cwd, source), "utf8");
  } catch (error) {
    io.stderr(`cartax calc: cannot read ${source}: ${(error as Error).message}\n`);
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

/** Runs `cartax <command> …` and returns the exit code. */
export function runCli(argv: readonly string[], io: CliIo): number {
  const [command, ...rest] = argv;
  if (command === "vectors") return vectorsCommand(rest, io);
  if (command === "calc") return calcCommand(rest, io);
  io.stderr(`${USAGE}\n`);
  return command === undefined || command === "--help" || command === "help" ? 0 : 2;
}
