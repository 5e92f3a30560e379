import { RULES_VERSION } from "@cartax/engine";
import type { Storage } from "@cartax/storage";
import type { Logger } from "pino";

/** Orders rules versions (`2026.11.5`) part by part, as numbers. */
export function compareRulesVersions(a: string, b: string): number {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const d = (left[i] ?? 0) - (right[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/**
 * At start-up: warns while the running rules are newer than the version last notified to webhook
 * receivers (`cartax notify --rules` sends the notice and records it). A database that never
 * recorded one takes the running version as its baseline (nobody saw older rules through it).
 */
export async function checkRulesNotice(
  storage: Storage,
  logger: Logger,
  running = RULES_VERSION,
): Promise<void> {
  const notice = await storage.rulesNotices.baseline(running);
  if (compareRulesVersions(running, notice.rulesVersion) > 0) {
    logger.warn(
      { rulesVersion: running, notifiedRulesVersion: notice.rulesVersion, notifiedAt: notice.notifiedAt },
      `the running rules ${running} are newer than the last notified ${notice.rulesVersion}: run \`cartax notify --rules\``,
    );
  }
}
