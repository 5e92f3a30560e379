import { PROBLEMS, type ProblemCode } from "../http/problem";

/** Examples of the OpenAPI document; a test checks each against its schema. */
export const carDetailExample = {
  name: "Compact petrol, 2025",
  internalName: "FLEET-0042",
  catalogPrice: 40000,
  firstRegistration: "2025-03-01",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 110,
  wltp: 130,
  nedC2: 0,
  capacity: 1498,
  weight: 1450,
};

/** A CarDetail as the service returns it: ids assigned, every field present, date as a date-time. */
export const carDetailResponseExample = {
  id: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  ownerId: "0b6f1c2d-7e8f-4a9b-8c0d-1e2f3a4b5c6d",
  ...carDetailExample,
  firstRegistration: "2025-03-01T00:00:00",
  batteryCapacity: null,
  nedC2NonHybrid: null,
  wltpNonHybrid: null,
  isActive: true,
  euro6eBis: null,
  oldtimerPlate: null,
};

export const calculationRequestExample = {
  carDetail: carDetailExample,
  userProfile: {
    postalCode: 9000,
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    regionRegistration: "Flanders",
    viewOptions: 63,
    hasFuelCard: true,
    language: "en",
  },
  options: { registrationDate: "2025-03-01", orderDate: "2024-11-15" },
  version: "1",
};

/** A ProjectionRequest: the CalculationRequest example over five years, assuming the latest rules. */
export const projectionRequestExample = {
  ...calculationRequestExample,
  options: { ...calculationRequestExample.options, years: 5, assumeLatestRules: true },
};

/** A CompareRequest: a stored car and an inline one, ranked by the employee's benefit in kind. */
export const compareRequestExample = {
  cars: [
    { carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6" },
    {
      carDetail: {
        name: "Compact electric, 2025",
        catalogPrice: 42000,
        firstRegistration: "2025-03-01",
        fuel: "Electric",
        euroStandard: "Euro6",
        kilowatt: 150,
        wltp: 0,
        nedC2: 0,
      },
    },
  ],
  userProfile: calculationRequestExample.userProfile,
  options: { registrationDate: "2025-03-01", orderDate: "2024-11-15", years: 4, rankBy: "BenefitInKind" },
};

export const problemExample = {
  type: "/problems/validation-error",
  title: "The request is invalid",
  status: 400,
  code: "validation_error",
  detail: "userProfile.postalCode: Too big: expected number to be <=9992",
  instance: "urn:cartax:request:5f0c6b1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e",
  errors: [
    {
      field: "userProfile.postalCode",
      rule: "max",
      message: "userProfile.postalCode: Too big: expected number to be <=9992",
    },
  ],
};

const INSTANCE = "urn:cartax:request:5f0c6b1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e";

/** What the service says for each problem code (the detail varies per occurrence). */
const DETAILS: Partial<Record<ProblemCode, string>> = {
  unauthorized: "the subscription has no calculation access",
  not_found: "car detail 3fa85f64-5717-4562-b3fc-2c963f66afa6 was not found",
  payload_too_large: "the body is larger than 65536 bytes (64 KiB)",
  precondition_failed:
    "If-Match: car detail 3fa85f64-5717-4562-b3fc-2c963f66afa6 is not at a version named (another writer changed it since); read it again",
  unsupported_media_type: "the body must be sent as application/json, not text/plain",
  too_many_requests: "the subscription's limit of 100 requests per 60 s is used up; retry in 17 s",
  internal_error: "an unexpected error occurred; retry later",
  service_unavailable: "every QR render slot is busy and the queue is full; retry in 2 s",
  idempotency_key_in_use:
    "Idempotency-Key: the first request with this key is still being answered; retry in 1 s",
  idempotency_key_reused:
    "Idempotency-Key: this key was used by another request (another body, path or method); use a new key for a new request",
};

/** The example of a problem response of this status: a problem the service really sends with it. */
export function problemExampleFor(status: number) {
  if (status === 400) return problemExample;
  const code = (Object.keys(PROBLEMS) as ProblemCode[]).find((c) => PROBLEMS[c].status === status);
  if (!code) throw new Error(`no problem code has status ${status}`);
  const { title } = PROBLEMS[code];
  return {
    type: `/problems/${code.replaceAll("_", "-")}`,
    title,
    status,
    code,
    detail: DETAILS[code] ?? title,
    instance: INSTANCE,
  };
}
