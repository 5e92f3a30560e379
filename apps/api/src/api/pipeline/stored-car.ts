import type { CarDetailBody, PriceBasis } from "@cartax/schemas";
import type { Subscription } from "@cartax/storage";
import type { ServiceContext } from "../../http/app-env";
import { notFound } from "../../http/problem";
import { carExcludingVat } from "../car-details/car-detail-view";

/** The car a request refers to: inline (its price basis applied) or stored in the account. */
export interface ReferencedCar {
  readonly car: CarDetailBody;
  /** The stored car's id; null for an inline car. */
  readonly carDetailId: string | null;
}

/**
 * The car of a `{ carDetailId } | { carDetail }` reference: the inline car wins (as in Calculate);
 * else the stored one of the subscription's account, or a 404 naming the id (`where` says where it
 * was in the body, e.g. `cars.1.carDetailId`, as 400 problems name fields).
 */
export async function referencedCar(
  service: ServiceContext,
  subscription: Subscription,
  reference: { readonly carDetailId?: string | null; readonly carDetail?: CarDetailBody | null },
  priceBasis: PriceBasis | undefined,
  where = "",
): Promise<ReferencedCar> {
  if (reference.carDetail) {
    return { car: carExcludingVat(reference.carDetail, subscription, priceBasis), carDetailId: null };
  }
  const id = (reference.carDetailId ?? "").toLowerCase();
  const stored = await service.storage.carDetails.get(subscription.ownerId, id);
  if (!stored) throw notFound(`car detail ${id}${where ? ` (${where})` : ""}`);
  return { car: stored.car as CarDetailBody, carDetailId: stored.id };
}
