import {
  CAR_DETAIL_FIELDS,
  type CarDetailField,
  type carDetailResponseSchema,
  carDetailSchema,
} from "@cartax/schemas";
import type { StoredCarDetail } from "@cartax/storage";
import type { z } from "@hono/zod-openapi";

/** A CarDetail as a read answers it (`carDetailResponseSchema`). */
export type CarDetailView = z.input<typeof carDetailResponseSchema>;

/**
 * How a read gives each field, made once from the one field list (`CAR_DETAIL_FIELDS`): the ids
 * from the record, the date as a date-time, and a field the stored car lacks as what the schema
 * gives for an absent field (`isActive`: true), else null. A required field is always stored.
 */
function readerOf(field: CarDetailField): (stored: StoredCarDetail) => unknown {
  if (field === "id" || field === "ownerId") return (stored) => stored[field];
  if (field === "firstRegistration") {
    return ({ car }) => (car.firstRegistration ? `${car.firstRegistration}T00:00:00` : null);
  }
  const absent = carDetailSchema.shape[field].safeParse(undefined);
  if (!absent.success) return ({ car }) => car[field];
  const whenAbsent = absent.data ?? null;
  return ({ car }) => car[field] ?? whenAbsent;
}

const READERS = CAR_DETAIL_FIELDS.map((field) => [field, readerOf(field)] as const);

/** The CarDetail of a read: every field present (null when not set), in the contract's order. */
export function carDetailView(stored: StoredCarDetail): CarDetailView {
  const view: Record<string, unknown> = {};
  for (const [field, read] of READERS) view[field] = read(stored);
  return view as CarDetailView;
}

/** The JSON of a car detail as every answer of it is written (its ETag names these bytes). */
export const carDetailJson = (stored: StoredCarDetail): string => JSON.stringify(carDetailView(stored));
