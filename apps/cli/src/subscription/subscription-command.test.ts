import path from "node:path";
import { openStorage } from "@cartax/storage";
import { type FreshDatabase, testDatabases } from "@cartax/storage/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runOperator } from "../testing/run-operator";
import { runSubscriptionCommand } from "./subscription-command";

const cli = (env: NodeJS.ProcessEnv, ...args: string[]) => runOperator(runSubscriptionCommand, env, ...args);

describe.each(testDatabases())("cartax subscription on $dialect", (database) => {
  let fresh: FreshDatabase | undefined;
  afterEach(async () => {
    await fresh?.cleanup();
    fresh = undefined;
  });
  const start = async () => {
    fresh = await database.create();
    return { ...fresh.env } as NodeJS.ProcessEnv;
  };

  it.skipIf(!database.available)(
    "create prints exactly the contract's JSON object and nothing else",
    async () => {
      const env = await start();
      // An empty data folder that does not exist yet, before any server ran.
      env.CARTAX_DATA_DIR = path.join(fresh?.dataDir ?? "", "not-yet");
      const out = await cli(env, "create", "--name", "Fleet NV", "--calculation-access");
      expect(out.code).toBe(0);
      expect(out.stdout.trim().split("\n")).toHaveLength(1);
      const body = out.json();
      expect(Object.keys(body).sort()).toEqual(
        ["active", "calculationAccess", "id", "ownerId", "primaryKey", "secondaryKey"].sort(),
      );
      expect(body).toMatchObject({ active: true, calculationAccess: true });
      expect(body.primaryKey).toMatch(/^ctx_acc_[0-9A-Za-z]{43}$/);
      expect(body.secondaryKey).toMatch(/^ctx_acc_[0-9A-Za-z]{43}$/);
      expect(out.stderr).toBe("");
    },
  );

  it.skipIf(!database.available)(
    "keys work on a server's open database; rotation leaves the other key",
    async () => {
      const env = await start();
      const server = await openStorage({ dataDir: fresh?.dataDir ?? "", databaseUrl: fresh?.databaseUrl });
      try {
        const created = (await cli(env, "create", "--name", "a")).json();
        expect((await server.subscriptions.authenticate(created.primaryKey, "acceptance"))?.id).toBe(
          created.id,
        );
        const rotated = await cli(env, "rotate", created.id, "--key", "primary");
        expect(rotated.code).toBe(0);
        const { primaryKey } = rotated.json();
        expect(primaryKey).not.toBe(created.primaryKey);
        expect(await server.subscriptions.authenticate(created.primaryKey, "acceptance")).toBeUndefined();
        expect((await server.subscriptions.authenticate(primaryKey, "acceptance"))?.id).toBe(created.id);
        expect((await server.subscriptions.authenticate(created.secondaryKey, "acceptance"))?.id).toBe(
          created.id,
        );
      } finally {
        await server.close();
      }
    },
  );

  it.skipIf(!database.available)("gates, accounts, list without keys, production prefix", async () => {
    const env = await start();
    const first = (await cli(env, "create", "--name", "a", "--inactive", "--prices-include-vat")).json();
    expect(first).toMatchObject({ active: false, calculationAccess: false });
    expect((await cli(env, "activate", first.id)).json()).toMatchObject({ active: true });
    expect((await cli(env, "grant-calculation", first.id)).json()).toMatchObject({ calculationAccess: true });
    expect((await cli(env, "revoke-calculation", first.id)).json()).toMatchObject({
      calculationAccess: false,
    });
    const off = (await cli(env, "deactivate", first.id)).json();
    expect(off).toMatchObject({ active: false, pricesIncludeVat: true });
    const second = (await cli(env, "create", "--name", "b", "--account", first.ownerId)).json();
    expect(second.ownerId).toBe(first.ownerId);
    const prod = (await cli({ ...env, CARTAX_ENVIRONMENT: "production" }, "create", "--name", "p")).json();
    expect(prod.primaryKey).toMatch(/^ctx_prd_/);
    const list = await cli(env, "list");
    expect(list.code).toBe(0);
    expect(
      list
        .json()
        .map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([first.id, second.id, prod.id].sort());
    for (const key of [first.primaryKey, first.secondaryKey, second.primaryKey, prod.primaryKey]) {
      expect(list.stdout).not.toContain(key);
    }
  });

  it.skipIf(!database.available)(
    "refuses unknown ids, unknown accounts, bad flags and bad configuration",
    async () => {
      const env = await start();
      const unknown = "00000000-0000-4000-8000-000000000000";
      expect((await cli(env, "activate", unknown)).code).toBe(1);
      expect((await cli(env, "rotate", unknown, "--key", "primary")).code).toBe(1);
      expect((await cli(env, "create", "--name", "x", "--account", unknown)).code).toBe(1);
      const badKey = await cli(env, "rotate", unknown, "--key", "tertiary");
      expect(badKey.code).toBe(2);
      expect(badKey.stdout).toBe("");
      expect((await cli(env, "create")).code).toBe(2);
      expect((await cli(env, "create", "--name", "x", "--calculation-acess")).code).toBe(2);
      expect((await cli(env, "frobnicate")).code).toBe(2);
      const badEnv = await cli({ ...env, CARTAX_ENVIRONMENT: "staging" }, "list");
      expect(badEnv.code).toBe(2);
      expect(badEnv.stderr).toContain("CARTAX_ENVIRONMENT");
      // The CLI reads the same schema as the server: a duration in the old unit stops it too, in one line.
      const renamed = await cli({ ...env, CARTAX_PING_INTERVAL_S: "1" }, "list");
      expect(renamed.code).toBe(2);
      expect(renamed.stderr.trim().split("\n")).toEqual([
        expect.stringContaining("CARTAX_PING_INTERVAL_S is now CARTAX_PING_INTERVAL_MS"),
      ]);
    },
  );

  it.skipIf(!database.available)("limit sets and clears a rate limit (none by default)", async () => {
    const env = await start();
    const created = (await cli(env, "create", "--name", "limited")).json();
    expect((await cli(env, "list")).json()[0].rateLimit).toBeNull();
    const limited = await cli(env, "limit", created.id, "--requests", "100", "--per", "60");
    expect(limited.code).toBe(0);
    expect(limited.json()).toMatchObject({ id: created.id, rateLimit: { requests: 100, windowSeconds: 60 } });
    expect(limited.stdout).not.toContain(created.primaryKey);
    expect((await cli(env, "list")).json()[0].rateLimit).toEqual({ requests: 100, windowSeconds: 60 });
    const cleared = await cli(env, "limit", created.id, "--clear");
    expect(cleared.json()).toMatchObject({ id: created.id, rateLimit: null });
    for (const bad of [
      ["--requests", "0", "--per", "60"],
      ["--requests", "10", "--per", "86401"],
      ["--requests", "1.5", "--per", "60"],
      ["--requests", "10"],
      ["--requests", "10", "--per", "60", "--clear"],
      [],
    ]) {
      const refused = await cli(env, "limit", created.id, ...bad);
      expect(refused.code, bad.join(" ")).toBe(2);
      expect(refused.stdout).toBe("");
    }
    expect((await cli(env, "limit", "00000000-0000-4000-8000-000000000000", "--clear")).code).toBe(1);
  });

  it.skipIf(!database.available)("usage prints requests per endpoint and status since a date", async () => {
    const env = await start();
    const created = (await cli(env, "create", "--name", "used")).json();
    const storage = await openStorage({ dataDir: fresh?.dataDir ?? "", databaseUrl: fresh?.databaseUrl });
    try {
      const at = Date.parse("2026-11-20T09:30:00Z");
      storage.usage.record(created.id, "POST", "/v1/Calculate", 200, at);
      storage.usage.record(created.id, "POST", "/v1/Calculate", 200, at);
      storage.usage.record(created.id, "POST", "/v1/Calculate", 429, at);
      storage.usage.record(created.id, "GET", "/v1/CarDetails/:carDetailId", 200, at - 2 * 86_400_000);
      await storage.usage.flush();
    } finally {
      await storage.close();
    }
    const all = await cli(env, "usage", created.id);
    expect(all.code).toBe(0);
    expect(all.json()).toMatchObject({ id: created.id, since: null, requests: 4 });
    const recent = (await cli(env, "usage", created.id, "--since", "2026-11-19")).json();
    expect(recent).toMatchObject({ id: created.id, since: "2026-11-19T00:00:00.000Z", requests: 3 });
    expect(recent.endpoints).toEqual([
      { method: "POST", route: "/v1/Calculate", status: 200, requests: 2 },
      { method: "POST", route: "/v1/Calculate", status: 429, requests: 1 },
    ]);
    expect((await cli(env, "usage", created.id, "--since", "2026-11-20T10:00:00Z")).json().requests).toBe(0);
    expect((await cli(env, "usage", created.id, "--since", "2026-13-01")).code).toBe(2);
    expect((await cli(env, "usage", created.id, "--since", "yesterday")).code).toBe(2);
    expect((await cli(env, "usage", "00000000-0000-4000-8000-000000000000")).code).toBe(1);
  });
});
