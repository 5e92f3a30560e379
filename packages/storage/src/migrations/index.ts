import type { Migration } from "kysely";
import { initial } from "./0001-initial";
import { webhooks } from "./0002-webhooks";
import { publicLinks } from "./0003-public-links";
import { qr } from "./0004-qr";
import { subscriptionLimits } from "./0005-subscription-limits";
import { qrImageReuse } from "./0006-qr-image-reuse";
import { webhookNotificationFailures } from "./0007-webhook-notification-failures";
import { projections } from "./0008-projections";
import { comparisons } from "./0009-comparisons";
import { qrRequestKey } from "./0010-qr-request-key";
import { comparisonLinks } from "./0011-comparison-links";
import { calculationRecords } from "./0012-calculation-records";
import { savedResultEngineVersion } from "./0013-saved-result-engine-version";
import { listIndexes } from "./0014-list-indexes";
import { idempotencyKeys } from "./0015-idempotency-keys";
import { changeNotifications } from "./0016-change-notifications";

/**
 * Every migration, by name; names sort in the order they run. Append new ones (another issue's
 * tables) with the next number; never edit one that has shipped.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "0001-initial": initial,
  "0002-webhooks": webhooks,
  "0003-public-links": publicLinks,
  "0004-qr": qr,
  "0005-subscription-limits": subscriptionLimits,
  "0006-qr-image-reuse": qrImageReuse,
  "0007-webhook-notification-failures": webhookNotificationFailures,
  "0008-projections": projections,
  "0009-comparisons": comparisons,
  "0010-qr-request-key": qrRequestKey,
  "0011-comparison-links": comparisonLinks,
  "0012-calculation-records": calculationRecords,
  "0013-saved-result-engine-version": savedResultEngineVersion,
  "0014-list-indexes": listIndexes,
  "0015-idempotency-keys": idempotencyKeys,
  "0016-change-notifications": changeNotifications,
};
