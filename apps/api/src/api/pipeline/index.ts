/**
 * The operations' shared folder: the calculation pipeline of Calculate, its batch, Projection and
 * Compare (calculation-pipeline.ts, stored-car.ts, line-parameters.ts, car-price.ts), what their
 * routes share (calculating-route.ts), and the read side of the records they save
 * (saved-records.ts). A resource imports these from here; this folder imports no resource.
 * @module
 */

export { calculating } from "./calculating-route";
export {
  auditFields,
  type CalculationCall,
  inputProblem,
  linkedLines,
  saveAnswer,
} from "./calculation-pipeline";
export { carExcludingVat, VAT_FACTOR } from "./car-price";
export { type LineParameter, type LinkedCalculationLine, withParameterLinks } from "./line-parameters";
export {
  DEFAULT_LIMIT,
  decodeCursor,
  encodeCursor,
  linkHeader,
  listQuery,
  listRequest,
  MAX_LIMIT,
  pageAnswer,
} from "./record-list";
export { ownRecord, savedRecordAnswer, savedRecordFields, savedRecordRead } from "./saved-records";
export { type CarReference, type ReferencedCar, referencedCar, referencedCars } from "./stored-car";
