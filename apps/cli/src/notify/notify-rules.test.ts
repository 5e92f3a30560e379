import path from "node:path";
import { fileURLToPath } from "node:url";
import { openStorage, type Storage } from "@cartax/storage";
import { type FreshDatabase, testDatabases } from "@cartax/storage/testing";
import { afterEach, describe, expect, it } from "vitest";
import { diffRules } from "../rules/rules-diff";
import { exportRules, type RulesSnapshot } from "../rules/rules-snapshot";
import { runOperator } from "../testing/run-operator";
import { runNotifyCommand } from "../webhook/webhook-command";
import { type RulesSource, repositoryRules } from "./rules-notice";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** The running rules as a next release: one row of `tableId` with another value, and a new version. */
function releaseChanging(tableId: string): RulesSnapshot {
  const current = exportRules();
  return {
    ...current,
    rulesVersion: "2099.1.0",
    tables: current.tables.map((table) =>
      table.id !== tableId
        ? table
        : {
            ...table,
            rows: table.rows.map((row, i) => (i === 0 ? { ...row, value: { changed: true } } : row)),
          },
    ),
  };
}

const source = (running: RulesSnapshot): RulesSource => ({
  running: () => running,
  exported: (version) => (version === exportRules().rulesVersion ? exportRules() : undefined),
});

describe.each(testDatabases())("cartax notify --rules on $dialect", (database) => {
  let fresh: FreshDatabase | undefined;
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
    await fresh?.cleanup();
    storage = undefined;
    fresh = undefined;
  });

  /** A database with one subscription and one enabled endpoint, that last notified the current rules. */
  async function start(notified = exportRules().rulesVersion) {
    fresh = await database.create();
    storage = await openStorage(fresh);
    const { subscription } = await storage.subscriptions.create({ name: "hooks", environment: "acceptance" });
    await storage.webhooks.addEndpoint({
      subscriptionId: subscription.id,
      url: "https://example.test/h",
      secret: null,
    });
    await storage.rulesNotices.record(notified);
    return { ...fresh.env } as NodeJS.ProcessEnv;
  }
  const notifications = async () =>
    (
      await (storage as Storage).db
        .selectFrom("webhook_deliveries")
        .select("body")
        .where("kind", "=", "notification")
        .execute()
    ).map((r) => JSON.parse(r.body).updatedCalculations);

  it.skipIf(!database.available)(
    "after a changed parameter enqueues exactly the calculators that use it, then records the version",
    async () => {
      for (const [table, expected] of [
        // The reference CO2 emission feeds the benefit in kind and, through it, the rejected expenses
        // (ViewOptions values of docs/contract.md section 2).
        [
          "bik.referenceCo2",
          [
            { value: 4, label: "BenefitInKind" },
            { value: 16, label: "RejectedExpenses" },
          ],
        ],
        // The Flemish BIV's x coefficient feeds the registration tax only (RoadTax in ViewOptions).
        ["flanders.biv.x", [{ value: 1, label: "RoadTax" }]],
      ] as const) {
        const env = await start();
        const out = await runOperator(
          (a, io) => runNotifyCommand(a, io, source(releaseChanging(table))),
          env,
          "--rules",
        );
        expect(out.code, out.stderr).toBe(0);
        expect(out.json()).toMatchObject({
          fromRulesVersion: exportRules().rulesVersion,
          rulesVersion: "2099.1.0",
          changes: 1,
          updatedCalculations: expected,
          deliveries: 1,
        });
        expect(out.stderr).toContain(expected.map((e) => e.label).join(", "));
        expect(await notifications()).toEqual([expected]);
        expect((await storage?.rulesNotices.lastNotified())?.rulesVersion).toBe("2099.1.0");
        // Run again: nothing changed since, nothing more is sent.
        const again = await runOperator(
          (a, io) => runNotifyCommand(a, io, source(releaseChanging(table))),
          env,
          "--rules",
        );
        expect(again.json()).toMatchObject({ updatedCalculations: [], deliveries: 0 });
        expect(again.stderr).toMatch(/nothing sent/);
        expect(await notifications()).toHaveLength(1);
        await storage?.close();
        await fresh?.cleanup();
        storage = undefined;
        fresh = undefined;
      }
    },
  );

  it.skipIf(!database.available)(
    "diffs a past release kept in the fixtures as `cartax rules diff` does",
    async () => {
      const env = await start("2026.11.4");
      const out = await runOperator(
        (a, io) => runNotifyCommand(a, io, repositoryRules(root)),
        env,
        "--rules",
      );
      expect(out.code, out.stderr).toBe(0);
      const before = repositoryRules(root).exported("2026.11.4");
      expect(before).toBeDefined();
      const diff = diffRules(before as RulesSnapshot, exportRules());
      const body = out.json();
      expect(body.updatedCalculations.map((t: { label: string }) => t.label)).toEqual(
        diff.updatedCalculations,
      );
      expect(body.deliveries).toBe(diff.updatedCalculations.length > 0 ? 1 : 0);
    },
  );

  it.skipIf(!database.available)(
    "refuses an unknown past version and --rules with --calculations",
    async () => {
      const env = await start("2001.1.0");
      const unknown = await runOperator(
        (a, io) => runNotifyCommand(a, io, repositoryRules(root)),
        env,
        "--rules",
      );
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("rules-2001.1.0.json");
      expect(await notifications()).toEqual([]);
      const both = await runOperator(runNotifyCommand, env, "--rules", "--calculations", "RoadTax");
      expect(both.code).toBe(2);
    },
  );
});
