import type { VectorRun } from "./run-vector";

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + " ".repeat(width - text.length);

/** A plain-text table of vector runs; failing rows also show the problem and the source. */
export function formatVectorTable(runs: readonly VectorRun[]): string {
  const header = ["result", "id", "calculator", "year", "expected", "actual", "difference"];
  const rows = runs.map((run) => [
    run.passed ? "pass" : "FAIL",
    run.loaded.vector.id,
    run.loaded.calculator,
    String(run.loaded.vector.lineYear),
    run.expected,
    run.actual,
    run.difference === null ? "" : (run.difference > 0 ? "+" : "") + run.difference.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => pad(c, widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  const out = [line(header), line(widths.map((w) => "-".repeat(w)))];
  runs.forEach((run, i) => {
    out.push(line(rows[i] ?? []));
    if (!run.passed) {
      out.push(`      problem: ${run.problem}`);
      out.push(`      source:  ${run.loaded.vector.source}`);
      out.push(`      file:    ${run.loaded.file}`);
    }
  });
  return out.join("\n");
}
