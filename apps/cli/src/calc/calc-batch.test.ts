import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { type BatchOutput, runCalcBatch } from "./calc-batch";

/** An output that keeps what is written; `full` makes every write report a full buffer, drained soon after. */
function output(options: { isTTY?: boolean; full?: boolean } = {}) {
  let text = "";
  let waiting: (() => void) | undefined;
  let drains = 0;
  const out: BatchOutput & { text: () => string; drains: () => number } = {
    isTTY: options.isTTY ?? false,
    write(chunk: string) {
      text += chunk;
      if (!options.full) return true;
      setImmediate(() => {
        drains += 1;
        const listener = waiting;
        waiting = undefined;
        listener?.();
      });
      return false;
    },
    once(_event: "drain", listener: () => void) {
      waiting = listener;
      return out;
    },
    text: () => text,
    drains: () => drains,
  };
  return out;
}

async function batch(
  input: string,
  options: { isTTY?: boolean; full?: boolean; file?: boolean; now?: () => number } = {},
) {
  const stdout = output({ full: options.full });
  const stderr = output({ isTTY: options.isTTY });
  let args = ["--batch", "-"];
  if (options.file) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cartax-batch-")), "requests.ndjson");
    fs.writeFileSync(file, input);
    args = ["--batch", file];
  }
  const code = await runCalcBatch(args, {
    stdin: Readable.from([Buffer.from(input)]),
    stdout,
    stderr,
    cwd: process.cwd(),
    ...(options.now ? { now: options.now } : {}),
  });
  return { code, stdout: stdout.text(), stderr: stderr.text(), drains: stdout.drains() };
}

/** What `cartax calc --json` answers for one request: the oracle of every batch line. */
function single(request: string): unknown {
  let out = "";
  runCli(["calc", "--json", "-"], {
    readStdin: () => request,
    stdout: (t) => {
      out += t;
    },
    stderr: () => {},
    cwd: process.cwd(),
  });
  const answer = JSON.parse(out);
  return "error" in answer ? answer.error : answer;
}

const request = (catalogPrice: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    carDetail: {
      catalogPrice,
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
    },
    options: { registrationDate: "2025-03-01" },
    ...extra,
  });

const parseLines = (text: string) =>
  text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));

describe("cartax calc --batch", () => {
  it("answers each line as calc --json answers it, in order, a bad line with its problem and line number", async () => {
    const lines = [
      request(30_000),
      "{not json",
      "",
      request(45_000, { version: "x" }),
      '{"carDetailId":"3fa85f64-5717-4562-b3fc-2c963f66afa6"}',
    ];
    const { code, stdout, stderr } = await batch(`${lines.join("\r\n")}\r\n`, { file: true });
    expect(code).toBe(1);
    const answers = parseLines(stdout);
    expect(answers).toHaveLength(5);
    expect(answers[0]).toEqual(single(lines[0] as string));
    expect(answers[3]).toEqual(single(lines[3] as string));
    expect(answers[0].calculationId).toBeNull();
    expect(answers[1]).toMatchObject({ type: "/problems/malformed-json", status: 400, line: 2 });
    expect(answers[2]).toMatchObject({ type: "/problems/malformed-json", status: 400, line: 3 });
    expect(answers[4]).toMatchObject({ type: "/problems/validation-error", status: 400, line: 5 });
    expect(stderr).toBe("cartax calc: 3 of 5 lines answered with a problem\n");
  });

  it("exits 0 when every line ran, 2 for a missing file or no FILE", async () => {
    expect((await batch(`${request(30_000)}\n${request(31_000)}`)).code).toBe(0);
    const stderr = output();
    const missing = await runCalcBatch(["--batch", "/nonexistent/requests.ndjson"], {
      stdin: Readable.from([]),
      stdout: output(),
      stderr,
      cwd: process.cwd(),
    });
    expect(missing).toBe(2);
    expect(stderr.text()).toContain("cannot read /nonexistent/requests.ndjson");
    expect(
      await runCalcBatch(["--batch"], {
        stdin: Readable.from([]),
        stdout: output(),
        stderr: output(),
        cwd: ".",
      }),
    ).toBe(2);
  });

  it("draws a progress bar on standard error only on a terminal, and clears it at the end", async () => {
    const input = Array.from({ length: 40 }, (_, i) => request(20_000 + i)).join("\n");
    let clock = 0;
    const now = () => (clock += 50);
    const onTerminal = await batch(input, { isTTY: true, file: true, now });
    expect(onTerminal.stderr).toMatch(/\r\[#+-*\] +\d+% \d+ lines/);
    expect(onTerminal.stderr.endsWith("\r\x1b[K")).toBe(true);
    expect(parseLines(onTerminal.stdout)).toHaveLength(40);
    const piped = await batch(input, { isTTY: false, file: true, now });
    expect(piped.stderr).toBe("");
    expect(piped.stdout).toBe(onTerminal.stdout);
  });

  it("waits for a full standard output to drain and still writes every line in order", async () => {
    const input = Array.from({ length: 20 }, (_, i) => request(20_000 + 1000 * i)).join("\n");
    const { stdout, drains } = await batch(input, { full: true });
    expect(drains).toBe(20);
    expect(parseLines(stdout).map((a) => a.lines[0]?.rawValue)).toEqual(
      Array.from(
        { length: 20 },
        (_, i) => single(request(20_000 + 1000 * i)) as { lines: { rawValue: number }[] },
      ).map((a) => a.lines[0]?.rawValue),
    );
  });

  it("answers at most 10,000 lines, then one problem line (413)", async () => {
    const { code, stdout } = await batch(`${Array.from({ length: 10_003 }, () => "{}").join("\n")}\n`);
    expect(code).toBe(1);
    const answers = parseLines(stdout);
    expect(answers).toHaveLength(10_001);
    expect(answers[10_000]).toMatchObject({ type: "/problems/payload-too-large", status: 413, line: 10_001 });
  });

  it("output line i answers input line i (property)", async () => {
    const pool = [
      request(18_000),
      request(60_000),
      request(30_000, {
        userProfile: {
          postalCode: 5000,
          status: "SelfEmployed",
          registrationOn: "CompanyRegistration",
          regionRegistration: "Wallonia",
        },
      }),
      request(30_000, { options: { registrationDate: "2026-01-15" } }),
      request(-1),
      '{"userProfile":{}}',
    ];
    const expected = pool.map(single);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat({ max: pool.length - 1 }), { minLength: 1, maxLength: 25 }),
        async (picks) => {
          const { stdout } = await batch(picks.map((p) => pool[p]).join("\n"));
          const answers = parseLines(stdout);
          expect(answers).toHaveLength(picks.length);
          for (const [i, pick] of picks.entries()) {
            const { line, ...answer } = answers[i];
            if (line !== undefined) expect(line).toBe(i + 1);
            // The problem of calc --json (its `error`), with the line number the batch adds.
            expect(answer).toEqual(expected[pick]);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("the built cartax command", () => {
  const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/main.js");
  it.skipIf(!fs.existsSync(main))(
    "runs calc --batch FILE with NDJSON on stdout and no progress bar when piped",
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-batch-"));
      const file = path.join(dir, "requests.ndjson");
      fs.writeFileSync(file, `${request(30_000)}\n${request(40_000)}\n`);
      const stdout = execFileSync(process.execPath, [main, "calc", "--batch", file], { encoding: "utf8" });
      const answers = parseLines(stdout);
      expect(answers.map((a) => a.calculationId)).toEqual([null, null]);
      expect(answers[1]).toEqual(single(request(40_000)));
    },
  );
});
