import fs from "node:fs";
import path from "node:path";
import { PROBLEM_TYPES } from "@cartax/schemas";
import { calculateRequest } from "./calc/calculate-request";
import { formatCalculation } from "./calc/format-calculation";
import { formatVectorTable } from "./vectors/format-vector-table";
import { loadVectorFiles } from "./vectors/load-vector-files";
import { runVector } from "./vectors/run-vector";

const USAGE = `usage:
  cartax vectors [path]          run the test vectors (default: test-vectors/); exit 1 on any failure
  cartax calc [file|-] [--json]  calculate a CalculationRequest (or a JSON array of them) without a server`;

/** Paths are relative to where the user typed the command (pnpm runs scripts from the root). */
const userPath = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

function repositoryRoot(): string {
  let dir = process.cwd();
  while (!fs.existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

function vectorsCommand(args: readonly string[]): number {
  const target = args[0] ? userPath(args[0]) : path.join(repositoryRoot(), "test-vectors");
  if (!fs.existsSync(target)) {
    process.stderr.write(`cartax vectors: no such file or folder: ${target}\n`);
    return 2;
  }
  const { vectors, errors } = loadVectorFiles(target);
  const runs = vectors.map(runVector);
  process.stdout.write(`${formatVectorTable(runs)}\n`);
  for (const error of errors) process.stdout.write(`INVALID FILE ${error.file}: ${error.message}\n`);
  const failed = runs.filter((r) => !r.passed).length;
  process.stdout.write(
    `\n${runs.length - failed} passed, ${failed} failed${errors.length ? `, ${errors.length} invalid files` : ""}\n`,
  );
  return failed === 0 && errors.length === 0 && runs.length > 0 ? 0 : 1;
}

function calcCommand(args: readonly string[]): number {
  const json = args.includes("--json");
  const source = args.find((a) => !a.startsWith("--")) ?? "-";
  let text: string;
  try {
    text = source === "-" ? fs.readFileSync(0, "utf8") : fs.readFileSync(userPath(source), "utf8");
  } catch (error) {
    process.stderr.write(`cartax calc: cannot read ${source}: ${(error as Error).message}\n`);
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
    process.stderr.write(`cartax calc: ${problem.title}: ${problem.detail}\n`);
    if (json) process.stdout.write(`${JSON.stringify({ error: problem })}\n`);
    return 1;
  }
  const requests = Array.isArray(body) ? body : [body];
  const calculated = requests.map((request) => calculateRequest(request));
  const invalid = calculated.filter((c) => !c.ok).length;
  if (json) {
    const results = calculated.map((c) => (c.ok ? c.body : { error: c.problem }));
    process.stdout.write(`${JSON.stringify(Array.isArray(body) ? results : results[0])}\n`);
  } else {
    const blocks = calculated.map((c, i) =>
      formatCalculation(c, Array.isArray(body) ? `request ${i + 1}` : "request"),
    );
    process.stdout.write(`${blocks.join("\n\n")}\n`);
  }
  if (invalid > 0) process.stderr.write(`cartax calc: ${invalid} of ${requests.length} requests invalid\n`);
  return invalid === 0 ? 0 : 1;
}

const [command, ...rest] = process.argv.slice(2);
let code: number;
if (command === "vectors") code = vectorsCommand(rest);
else if (command === "calc") code = calcCommand(rest);
else {
  process.stderr.write(`${USAGE}\n`);
  code = command === undefined || command === "--help" || command === "help" ? 0 : 2;
}
process.exitCode = code;
