import fs from "node:fs";
import path from "node:path";
import { parseCalculationTypes } from "@cartax/schemas";
import type { Storage } from "@cartax/storage";
import { NotFoundError } from "../operator/operator-command";
import { diffRules } from "../rules/rules-diff";
import { exportRules, normalizeSnapshot, type RulesSnapshot } from "../rules/rules-snapshot";
import { enqueueChangeNotification } from "../webhook/enqueue-change-notification";

/** Where the rules come from: the running ones, and the export of a past version. */
export interface RulesSource {
  running(): RulesSnapshot;
  /** The export of `version`, or undefined when there is none. */
  exported(version: string): RulesSnapshot | undefined;
}

/** The folder of past rules exports, one `rules-<version>.json` per release (CONTRIBUTING). */
export const RULES_FIXTURES = path.join("apps", "cli", "src", "rules", "fixtures");

/** The engine's rules, and past versions from the exports kept in the repository at `root`. */
export function repositoryRules(root: string): RulesSource {
  return {
    running: exportRules,
    exported(version) {
      const file = path.join(root, RULES_FIXTURES, `rules-${version}.json`);
      if (!/^[\w.-]+$/.test(version) || !fs.existsSync(file)) return undefined;
      return normalizeSnapshot(JSON.parse(fs.readFileSync(file, "utf8")) as RulesSnapshot);
    },
  };
}

/**
 * `cartax notify --rules`: diffs the rules last notified (the version recorded in the database)
 * with the running ones, as `cartax rules diff` does, and enqueues one change notification naming
 * the calculators whose parameters changed; then records the running version. With nothing
 * changed it sends nothing (and records the running version, so the start-up warning stops).
 */
export async function notifyFromRules(
  storage: Storage,
  rules: RulesSource,
  say: (line: string) => void,
): Promise<unknown> {
  const running = rules.running();
  const notice = await storage.rulesNotices.baseline(running.rulesVersion);
  const from = notice.rulesVersion;
  const before = from === running.rulesVersion ? running : rules.exported(from);
  if (!before) {
    throw new NotFoundError(
      `no rules export of the last notified version ${from} in ${RULES_FIXTURES}/ (rules-${from}.json); ` +
        "notify with --calculations instead",
    );
  }
  const diff = diffRules(before, running);
  const result = { fromRulesVersion: from, rulesVersion: running.rulesVersion, changes: diff.changes.length };
  if (diff.updatedCalculations.length === 0) {
    await storage.rulesNotices.record(running.rulesVersion);
    say(`rules ${from} → ${running.rulesVersion}: no calculator's parameters changed; nothing sent`);
    return { ...result, updatedCalculations: [], deliveries: 0, events: [] };
  }
  const { types } = parseCalculationTypes(diff.updatedCalculations);
  const events = await enqueueChangeNotification(storage, types);
  await storage.rulesNotices.record(running.rulesVersion);
  say(
    `rules ${from} → ${running.rulesVersion}: ${diff.changes.length} row(s) differ; notified ${types
      .map((t) => t.label)
      .join(", ")} to ${events.length} endpoint(s)`,
  );
  return { ...result, updatedCalculations: types, deliveries: events.length, events };
}
