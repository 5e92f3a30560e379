import { type CalculationLine, type InputIssue, RULES_VERSION, type TaxResult } from "@cartax/engine";
import {
  type FieldError,
  fieldErrorsOfInputIssues,
  type Include,
  type PriceBasis,
  storedCarError,
  validationProblem,
} from "@cartax/schemas";
import type { SavedResultStore, Subscription } from "@cartax/storage";
import { ENGINE_VERSION } from "../../engine-version";
import type { ServiceContext } from "../../http/app-env";
import { type ProblemError, validationError } from "../../http/problem";
import { type LinkedCalculationLine, withParameterLinks } from "./line-parameters";
import type { ReferencedCar } from "./stored-car";

/*
 * The one calculation pipeline of Calculate, its batch, Projection and Compare:
 *   1. resolve each car once (stored-car.ts, `referencedCar`: inline in the request's price basis,
 *      or stored in the caller's account);
 *   2. run the engine (`runCalculation`, `project`, `compare`: the operation's own question);
 *   3. map the engine's input issues to one 400 (`inputProblem`; a stored car's named by its
 *      carDetailId, as @cartax/schemas' `storedCarError` writes it);
 *   4. link each line's parameters to the rule book when `include=parameters` (`linkedLines`);
 *   5. serialise the answer once and record it with the same fields everywhere (`auditFields`),
 *      committed before the answer leaves.
 */

/** Who calculates, and how: what every step of the pipeline needs of the request. */
export interface CalculationCall {
  readonly service: ServiceContext;
  readonly subscription: Subscription;
  /** The `priceBasis` query parameter: the price basis of the request's inline cars. */
  readonly priceBasis?: PriceBasis | undefined;
  /** The `include` query parameter: `parameters` adds each line's parameters (beyond the spec). */
  readonly include?: Include | undefined;
}

/**
 * The lines as the answer gives them: lean by default; with include=parameters each line also
 * carries the parameters it used, linked to the rule book (beyond the spec).
 */
export function linkedLines(
  call: CalculationCall,
  lines: readonly CalculationLine[],
  results: readonly TaxResult[],
  region: Parameters<typeof withParameterLinks>[2],
): readonly CalculationLine[] | LinkedCalculationLine[] {
  if (call.include !== "parameters") return lines;
  return withParameterLinks(lines, results, region, call.service.publicBaseUrl);
}

/** Where an error's car sits in the body: `cars[1].…` (a comparison) or the request itself. */
const CAR_INDEX = /^cars\[(\d+)\]\./;

/**
 * One issue named as the body's schema names fields: the engine writes a comparison's car
 * `cars[1].…`, problems `cars.1.…` (issue 31); a stored car's issue names its carDetailId.
 */
function fieldErrorOf(error: FieldError, cars: readonly ReferencedCar[]): FieldError {
  const index = CAR_INDEX.exec(error.field)?.[1];
  const named =
    index === undefined
      ? error
      : {
          ...error,
          field: error.field.replace(`cars[${index}].`, `cars.${index}.`),
          message: error.message.replaceAll(`cars[${index}].`, `cars.${index}.`),
        };
  const stored = cars[Number(index ?? 0)]?.carDetailId != null;
  if (!stored) return named;
  return index === undefined ? storedCarError(named) : storedCarError(named, `cars.${index}.`);
}

/** The 400 problem of the engine's input issues on these cars (in the body's order). */
export function inputProblem(issues: readonly InputIssue[], cars: readonly ReferencedCar[]): ProblemError {
  const errors = fieldErrorsOfInputIssues(issues).map((error) => fieldErrorOf(error, cars));
  return validationError(validationProblem(errors));
}

/**
 * What every audit record holds beside its request and result: whose, under which rules and engine,
 * the client's version tag, when. The same for calculations, projections and comparisons.
 */
export function auditFields(call: CalculationCall, clientVersion: string | null | undefined) {
  return {
    ownerId: call.subscription.ownerId,
    subscriptionId: call.subscription.id,
    rulesVersion: RULES_VERSION,
    engineVersion: ENGINE_VERSION,
    clientVersion: clientVersion ?? null,
    createdAt: new Date().toISOString(),
  };
}

/**
 * A projection's or a comparison's answer serialised once and saved with the audit fields before it
 * leaves (`store`: the storage's projections or comparisons); resolves to the very JSON saved.
 */
export async function saveAnswer(
  call: CalculationCall,
  store: SavedResultStore,
  record: { readonly id: string; readonly request: unknown; readonly result: unknown },
  clientVersion: string | null | undefined,
): Promise<string> {
  const resultJson = JSON.stringify(record.result);
  await store.insert({ ...record, ...auditFields(call, clientVersion) }, resultJson);
  return resultJson;
}
