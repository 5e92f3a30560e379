import type { SavedResultRecord } from "@cartax/storage";
import type { Context } from "hono";
import type { AppEnv, ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { notFound } from "../../http/problem";
import { secured } from "../../openapi/responses";

/*
 * The read side of the pipeline's records: what the reads of a saved calculation, projection or
 * comparison share (GET /v1/Calculations/{id}, /v1/Projections/{id}, /v1/Comparisons/{id}).
 */

/** How a saved record is read: in the Calculation tag, with a key that has calculation access. */
export const savedRecordRead = (service: ServiceContext) => ({
  tags: ["Calculation"],
  security: secured,
  middleware: [authenticate(service, { calculation: true })],
});

/**
 * What a saved projection or comparison says of itself, in its read and in its list: its id under
 * its own name (`projectionId`, `comparisonId`), when, under which rules, by which subscription, the
 * client's version tag and the request as received.
 */
export function savedRecordFields(idName: "projectionId" | "comparisonId", record: SavedResultRecord) {
  return {
    [idName]: record.id,
    createdAt: record.createdAt,
    rulesVersion: record.rulesVersion,
    subscriptionId: record.subscriptionId,
    version: record.clientVersion,
    request: record.request,
  };
}

/** A saved projection or comparison as its read answers it: its fields and the answer as it was sent. */
export function savedRecordAnswer(idName: "projectionId" | "comparisonId", record: SavedResultRecord) {
  return { ...savedRecordFields(idName, record), result: record.result };
}

/**
 * A record of the caller's account by its id (`store.get(ownerId, id)`), or the 404 that names it
 * (`what`: "projection"): another account's id is unknown here.
 */
export async function ownRecord<R>(
  c: Context<AppEnv>,
  store: { get(ownerId: string, id: string): Promise<R | undefined> },
  id: string,
  what: string,
): Promise<R> {
  const record = await store.get(c.get("subscription").ownerId, id);
  if (!record) throw notFound(`${what} ${id}`);
  return record;
}
