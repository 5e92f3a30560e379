import { randomUUID } from "node:crypto";
import { type CalculationRequestBody, runCalculation, toCarDetailInput } from "@cartax/schemas";
import { validationError } from "../../http/problem";
import { auditFields, type CalculationCall, linkedLines, referencedCar } from "../pipeline";

/**
 * One validated CalculationRequest calculated and recorded, as POST /v1/Calculate and each line of
 * POST /v1/Calculate/batch answer it, through the pipeline (pipeline/calculation-pipeline.ts): the
 * car resolved once, the engine through `runCalculation` (the CLI's `calc` runs the same, and maps
 * a stored car's issues the same way), the lines in the request's language linked to the rule book,
 * and the audit record (request as received, result, the audit fields; compressed by the storage)
 * committed before it resolves. Resolves to the CalculationResult serialised once: the audit record
 * keeps the very bytes that are sent. Throws the problem of a stored car that is missing or does not
 * fit the calculation.
 */
export async function calculateAndRecord(
  call: CalculationCall,
  request: CalculationRequestBody,
  /** The request's JSON text as received, for the audit record. */
  received: string,
): Promise<string> {
  const { car } = await referencedCar(call, request);
  const run = runCalculation(request, toCarDetailInput(car));
  if (!run.ok) throw validationError(run.problem);
  // Figures in `lines`; a calculator and year without one in `unavailableLines`, never as 0.00.
  const calculationId = randomUUID();
  const lines = linkedLines(call, run.lines, run.results, request.userProfile.regionRegistration);
  const resultJson = JSON.stringify({ calculationId, lines, unavailableLines: run.unavailableLines });
  await call.service.storage.calculations.insert({
    id: calculationId,
    request: received,
    result: resultJson,
    // The stored car it names, for the list's carDetailId filter (an inline carDetail wins).
    carDetailId: request.carDetail == null ? (request.carDetailId ?? null) : null,
    ...auditFields(call, request.version),
  });
  return resultJson;
}
