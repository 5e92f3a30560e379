import { ProblemError } from "./problem";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A uuid from the query, given once: a repeated parameter is ambiguous (which car?), so it is a
 * 400 rather than a silent choice of the first.
 */
export function uuidQuery(name: string, values: readonly string[] | undefined): string {
  if (values && values.length > 1) {
    throw new ProblemError("validation_error", `${name} must be given once`, [
      { field: name, rule: "type", message: `${name} must be given once, not ${values.length} times` },
    ]);
  }
  return uuidParam(name, values?.[0]);
}

/** A uuid from the path or query, lower-cased; 400 naming the parameter when missing or malformed. */
export function uuidParam(name: string, value: string | undefined): string {
  if (value === undefined || value === "") {
    throw new ProblemError("validation_error", `${name} is required`, [
      { field: name, rule: "required", message: `${name} is required` },
    ]);
  }
  if (!UUID.test(value)) {
    throw new ProblemError("validation_error", `${name} must be a GUID (uuid)`, [
      {
        field: name,
        rule: "uuid",
        message: `${name} must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6`,
      },
    ]);
  }
  return value.toLowerCase();
}
