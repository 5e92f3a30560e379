import { changeNotification, type UpdatedCalculation } from "@cartax/schemas";
import type { Storage } from "@cartax/storage";

/**
 * One change notification per enabled endpoint of an active subscription, each with its own
 * eventId, its body built from the contract's shape (`@cartax/schemas`); the outbox keeps the bytes.
 */
export function enqueueChangeNotification(
  storage: Storage,
  types: readonly UpdatedCalculation[],
): Promise<{ endpointId: string; eventId: string }[]> {
  return storage.webhooks.enqueueNotification((eventId) =>
    JSON.stringify(changeNotification(eventId, types)),
  );
}
