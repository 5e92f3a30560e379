import { openStorage } from "@cartax/storage";
import { type FreshDatabase, testDatabases } from "@cartax/storage/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runSubscriptionCommand } from "../subscription/subscription-command";
import { runOperator } from "../testing/run-operator";
import { runNotifyCommand, runWebhookCommand } from "./webhook-command";

const cli = runOperator;

describe.each(testDatabases())("cartax webhook and notify on $dialect", (database) => {
  let fresh: FreshDatabase | undefined;
  afterEach(async () => {
    await fresh?.cleanup();
    fresh = undefined;
  });

  it.skipIf(!database.available)(
    "registers, lists without secrets, toggles, notifies, shows status, removes",
    async () => {
      fresh = await database.create();
      const env = { ...fresh.env } as NodeJS.ProcessEnv;
      const sub = (await cli(runSubscriptionCommand, env, "create", "--name", "hooks")).json();
      const generated = await cli(
        runWebhookCommand,
        env,
        "add",
        "--subscription",
        sub.id,
        "--url",
        "https://example.test/hook",
        "--generate-secret",
      );
      expect(generated.code).toBe(0);
      const first = generated.json();
      expect(first.secret).toMatch(/^whsec_[\w-]{43}$/);
      expect(first).toMatchObject({
        url: "https://example.test/hook",
        signed: true,
        enabled: true,
        flagged: false,
      });
      const plain = (
        await cli(runWebhookCommand, env, "add", "--subscription", sub.id, "--url", "http://127.0.0.1:9/x")
      ).json();
      expect(plain).toMatchObject({ signed: false });
      expect(plain).not.toHaveProperty("secret");
      const chosen = await cli(
        runWebhookCommand,
        env,
        "add",
        "--subscription",
        sub.id,
        "--url",
        "http://127.0.0.1:9/y",
        "--secret",
        "a-long-shared-secret",
      );
      expect(chosen.json()).not.toHaveProperty("secret");

      const list = await cli(runWebhookCommand, env, "list");
      expect(list.json()).toHaveLength(3);
      expect(list.stdout).not.toContain(first.secret);
      expect(list.stdout).not.toContain("a-long-shared-secret");

      expect((await cli(runWebhookCommand, env, "disable", plain.id)).json()).toMatchObject({
        enabled: false,
      });
      const notify = await cli(runNotifyCommand, env, "--calculations", "RoadTax,4");
      expect(notify.code).toBe(0);
      const sent = notify.json();
      expect(sent.deliveries).toBe(2);
      expect(sent.updatedCalculations).toEqual([
        { value: 1, label: "RoadTax" },
        { value: 4, label: "BenefitInKind" },
      ]);
      expect(new Set(sent.events.map((e: { eventId: string }) => e.eventId)).size).toBe(2);
      expect((await cli(runWebhookCommand, env, "enable", plain.id)).json()).toMatchObject({ enabled: true });

      const storage = await openStorage({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
      try {
        const rows = await storage.db.selectFrom("webhook_deliveries").selectAll().execute();
        expect(rows.map((r) => JSON.parse(r.body).updatedCalculations)).toEqual([
          sent.updatedCalculations,
          sent.updatedCalculations,
        ]);
      } finally {
        await storage.close();
      }

      const status = await cli(runWebhookCommand, env, "status", first.id);
      expect(status.json()).toMatchObject({
        id: first.id,
        deliveries: [{ kind: "notification", status: "pending", attempts: 0 }],
      });
      expect(status.stdout).not.toContain(first.secret);
      expect((await cli(runWebhookCommand, env, "status")).json()).toHaveLength(3);
      expect((await cli(runWebhookCommand, env, "remove", first.id)).json()).toEqual({
        id: first.id,
        removed: true,
      });
      expect((await cli(runWebhookCommand, env, "list")).json()).toHaveLength(2);
    },
  );

  it.skipIf(!database.available)("refuses bad input with the right exit codes", async () => {
    fresh = await database.create();
    const env = { ...fresh.env } as NodeJS.ProcessEnv;
    const sub = (await cli(runSubscriptionCommand, env, "create", "--name", "hooks")).json();
    expect(
      (await cli(runWebhookCommand, env, "add", "--subscription", sub.id, "--url", "ftp://example.test/x"))
        .code,
    ).toBe(1);
    expect(
      (await cli(runWebhookCommand, env, "add", "--subscription", sub.id, "--url", "not a url")).code,
    ).toBe(1);
    expect(
      (await cli(runWebhookCommand, env, "add", "--subscription", "nope", "--url", "https://e.test")).code,
    ).toBe(1);
    expect(
      (
        await cli(
          runWebhookCommand,
          env,
          "add",
          "--subscription",
          sub.id,
          "--url",
          "https://e.test",
          "--secret",
          "x",
          "--generate-secret",
        )
      ).code,
    ).toBe(2);
    expect((await cli(runWebhookCommand, env, "add", "--subscription", sub.id)).code).toBe(2);
    expect((await cli(runWebhookCommand, env, "remove", "00000000-0000-4000-8000-000000000000")).code).toBe(
      1,
    );
    expect((await cli(runWebhookCommand, env, "frob")).code).toBe(2);
    const unknown = await cli(runNotifyCommand, env, "--calculations", "RoadTax,Nope");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Nope");
    expect((await cli(runNotifyCommand, env)).code).toBe(2);
  });
});
