/**
 * The result of an audit record in today's shape. Records made before lines without a figure moved
 * to `unavailableLines` hold them in `lines` as "0.00 €" with rawValue 0; on read they move, so no
 * answer of the service ever shows such a line as a zero. Their outcome stays as recorded (then
 * `notApplicable` also covered a missing input; `reason` is the recorded description).
 */
export function recordedResult(result: unknown): unknown {
  if (typeof result !== "object" || result === null) return result;
  const { lines, unavailableLines } = result as { lines?: unknown; unavailableLines?: unknown };
  if (Array.isArray(unavailableLines) || !Array.isArray(lines)) return result;
  const withFigure: unknown[] = [];
  const without: unknown[] = [];
  for (const line of lines as Record<string, unknown>[]) {
    if (line?.outcome === undefined || line.outcome === "amount" || line.outcome === "exempt") {
      withFigure.push(line);
      continue;
    }
    without.push({
      name: line.name,
      viewOption: line.viewOption,
      year: line.year,
      outcome: line.outcome,
      reason: typeof line.description === "string" ? line.description : "",
      url: line.url ?? null,
      hasUrl: line.hasUrl === true,
    });
  }
  return { ...result, lines: withFigure, unavailableLines: without };
}
