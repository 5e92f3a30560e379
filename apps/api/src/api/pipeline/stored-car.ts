import type { CarDetailBody } from "@cartax/schemas";
import { notFound } from "../../http/problem";
import type { CalculationCall } from "./calculation-pipeline";
import { carExcludingVat } from "./car-price";

/** The car a request refers to: inline (its price basis applied) or stored in the account. */
export interface ReferencedCar {
  readonly car: CarDetailBody;
  /** The stored car's id; null for an inline car. */
  readonly carDetailId: string | null;
}

/** A `{ carDetailId } | { carDetail }` reference of a request body. */
export interface CarReference {
  readonly carDetailId?: string | null;
  readonly carDetail?: CarDetailBody | null;
}

/**
 * The car of a reference, resolved once for the whole pipeline: the inline car wins (in the call's
 * price basis); else the stored one of the subscription's account, or a 404 naming the id (`where`
 * says where it was in the body, e.g. `cars.1.carDetailId`, as 400 problems name fields).
 */
export async function referencedCar(
  call: CalculationCall,
  reference: CarReference,
  where = "",
): Promise<ReferencedCar> {
  const { service, subscription, priceBasis } = call;
  if (reference.carDetail) {
    return { car: carExcludingVat(reference.carDetail, subscription, priceBasis), carDetailId: null };
  }
  const id = (reference.carDetailId ?? "").toLowerCase();
  const stored = await service.storage.carDetails.get(subscription.ownerId, id);
  if (!stored) throw notFound(`car detail ${id}${where ? ` (${where})` : ""}`, where || "carDetailId");
  return { car: stored.car as CarDetailBody, carDetailId: stored.id };
}

/**
 * The cars of a comparison, in the body's order. One after the other: at most 50 look-ups by
 * primary key of the caller's own account, and the first missing one is the 404.
 */
export async function referencedCars(
  call: CalculationCall,
  references: readonly CarReference[],
): Promise<ReferencedCar[]> {
  const cars: ReferencedCar[] = [];
  for (const [index, reference] of references.entries()) {
    cars.push(await referencedCar(call, reference, `cars.${index}.carDetailId`));
  }
  return cars;
}
