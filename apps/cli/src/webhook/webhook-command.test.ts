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
      expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(first.secret.slice(6), "base64")).toHaveLength(32);
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

  it.skipIf(!database.available)(
    "redeliver and recover enqueue failed notifications again with the same eventId; status lists them apart from pings",
    async () => {
      fresh = await database.create();
      const env = { ...fresh.env } as NodeJS.ProcessEnv;
      const sub = (await cli(runSubscriptionCommand, env, "create", "--name", "hooks")).json();
      const endpoint = (
        await cli(runWebhookCommand, env, "add", "--subscription", sub.id, "--url", "http://127.0.0.1:9/x")
      ).json();
      const first = (await cli(runNotifyCommand, env, "--calculations", "RoadTax")).json().events[0].eventId;
      const second = (await cli(runNotifyCommand, env, "--calculations", "YearlyTax")).json().events[0]
        .eventId;
      const storage = await openStorage({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
      const failedAt = new Date();
      try {
        // Both notifications fail for good (as the service's worker records it), then twelve
        // pings, newer than both, are delivered.
        for (const delivery of await storage.webhooks.claimDue(new Date(Date.now() + 1000), 10, 60_000)) {
          const attempt = { outcome: "transient", status: 500, latencyMs: 3, error: "HTTP 500" } as const;
          await storage.webhooks.recordAttempt(delivery, attempt, { status: "failed" }, failedAt);
        }
        for (let i = 1; i <= 12; i++) {
          const at = new Date(Date.now() + i * 2000);
          await storage.webhooks.schedulePings(at, 1000, (eventId) =>
            JSON.stringify({ eventId, ping: true }),
          );
          for (const ping of await storage.webhooks.claimDue(at, 10, 60_000)) {
            const ok = { outcome: "success", status: 204, latencyMs: 1, error: null } as const;
            await storage.webhooks.recordAttempt(ping, ok, { status: "delivered" }, at);
          }
        }
      } finally {
        await storage.close();
      }
      const status = (await cli(runWebhookCommand, env, "status", endpoint.id)).json();
      expect(status.deliveries.map((d: { eventId: string }) => d.eventId).sort()).toEqual(
        [first, second].sort(),
      );
      expect(status.failed).toHaveLength(2);
      expect(status.failed[0]).toMatchObject({ status: "failed", attempts: 1, lastStatus: 500 });
      expect(status.pings).toHaveLength(5);
      expect(status.pings[0]).toMatchObject({ kind: "ping", status: "delivered" });
      expect(status.attempts.every((a: { kind: string }) => a.kind === "notification")).toBe(true);
      expect(status.consecutiveNotificationFailures).toBe(2);

      const redelivered = await cli(runWebhookCommand, env, "redeliver", first);
      expect(redelivered.code).toBe(0);
      expect(redelivered.json()).toEqual({
        eventId: first,
        endpointId: endpoint.id,
        endpointEnabled: true,
        status: "pending",
      });
      const again = await cli(runWebhookCommand, env, "redeliver", first);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is pending: only failed deliveries are redelivered/);
      expect(
        (await cli(runWebhookCommand, env, "redeliver", "00000000-0000-4000-8000-000000000000")).code,
      ).toBe(1);
      const pingId = status.pings[0].eventId;
      expect((await cli(runWebhookCommand, env, "redeliver", pingId)).stderr).toMatch(
        /pings are not redelivered/,
      );

      const later = new Date(failedAt.getTime() + 60_000).toISOString();
      expect(
        (await cli(runWebhookCommand, env, "recover", endpoint.id, "--since", later)).json(),
      ).toMatchObject({
        redelivered: 0,
      });
      await cli(runWebhookCommand, env, "disable", endpoint.id);
      const recovered = await cli(runWebhookCommand, env, "recover", endpoint.id, "--since", "2020-01-01");
      expect(recovered.json()).toMatchObject({
        endpointId: endpoint.id,
        redelivered: 1,
        eventIds: [second],
        note: expect.stringContaining(`cartax webhook enable ${endpoint.id}`),
      });
      const after = (await cli(runWebhookCommand, env, "status", endpoint.id)).json();
      expect(after.failed).toEqual([]);
      expect(
        after.deliveries.map((d: { status: string; attempts: number }) => [d.status, d.attempts]),
      ).toEqual([
        ["pending", 0],
        ["pending", 0],
      ]);
      expect((await cli(runWebhookCommand, env, "recover", endpoint.id, "--since", "yesterday")).code).toBe(
        2,
      );
      expect((await cli(runWebhookCommand, env, "recover", endpoint.id)).code).toBe(2);
      expect(
        (
          await cli(
            runWebhookCommand,
            env,
            "recover",
            "00000000-0000-4000-8000-000000000000",
            "--since",
            "2020-01-01",
          )
        ).code,
      ).toBe(1);
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
