import { openStorage } from "@cartax/storage";
import { testDatabases } from "@cartax/storage/testing";
import { describe, expect, it } from "vitest";
import { petrolCar } from "../../src/testing/fixtures";
import { type SpawnedService, spawnService, stopService } from "../../src/testing/spawn-service";
import { call, readJson } from "../../src/testing/test-service";

const car = petrolCar;
const calculation = {
  userProfile: {
    postalCode: 9000,
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    regionRegistration: "Flanders",
  },
  options: { registrationDate: "2025-03-01" },
};

async function subscriptionIn(env: Record<string, string>) {
  const storage = await openStorage({ dataDir: env.CARTAX_DATA_DIR ?? "", databaseUrl: env.DATABASE_URL });
  try {
    return await storage.subscriptions.create({
      name: "durability",
      environment: "acceptance",
      calculationAccess: true,
    });
  } finally {
    await storage.close();
  }
}

describe.each(testDatabases())("durability of the built service on $dialect", (db) => {
  it.skipIf(!db.available)(
    "a kill -9 in the middle of a write load loses no acknowledged write",
    async () => {
      const fresh = await db.create();
      let server: SpawnedService | undefined;
      try {
        const { primaryKey } = await subscriptionIn(fresh.env);
        server = await spawnService(fresh.env);
        const acknowledged: { kind: "car" | "calculation"; id: string }[] = [];
        let killed = false;
        const writer = async (n: number) => {
          for (let i = 0; !killed; i++) {
            try {
              if ((n + i) % 2 === 0) {
                const response = await call(`${server?.base}/CarDetails`, primaryKey, {
                  body: { ...car, kilowatt: 50 + (i % 100) },
                });
                if (response.status === 201)
                  acknowledged.push({ kind: "car", id: (await readJson(response)).id });
              } else {
                const response = await call(`${server?.base}/Calculate`, primaryKey, {
                  body: { ...calculation, carDetail: car },
                });
                if (response.status === 200)
                  acknowledged.push({ kind: "calculation", id: (await readJson(response)).calculationId });
              }
            } catch {
              // The connection died with the server: that write was never acknowledged.
            }
          }
        };
        const writers = Array.from({ length: 8 }, (_, n) => writer(n));
        // Kill once a load is under way (not after a fixed time: a busy CI machine may take seconds
        // to acknowledge the first writes), while the writers keep writing.
        const started = Date.now();
        while (acknowledged.length <= 20 && Date.now() - started < 30_000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        await stopService(server, "SIGKILL");
        killed = true;
        await Promise.all(writers);
        expect(acknowledged.length).toBeGreaterThan(20);

        server = await spawnService(fresh.env);
        const lost: string[] = [];
        for (const { kind, id } of acknowledged) {
          const url =
            kind === "car" ? `${server.base}/CarDetails/${id}` : `${server.base}/Calculations/${id}`;
          if ((await call(url, primaryKey)).status !== 200) lost.push(`${kind} ${id}`);
        }
        expect(lost).toEqual([]);
      } finally {
        if (server) await stopService(server);
        await fresh.cleanup();
      }
    },
    90_000,
  );
});

describe.each(testDatabases().filter((d) => d.dialect === "postgres"))("scale-out on $dialect", (db) => {
  it.skipIf(!db.available)(
    "two service processes on one PostgreSQL: what one writes, the other serves",
    async () => {
      const fresh = await db.create();
      const servers: SpawnedService[] = [];
      try {
        const { primaryKey } = await subscriptionIn(fresh.env);
        servers.push(await spawnService(fresh.env), await spawnService(fresh.env));
        const [a, b] = servers as [SpawnedService, SpawnedService];
        expect(a.base).not.toBe(b.base);
        const created = await readJson(await call(`${a.base}/CarDetails`, primaryKey, { body: car }));
        const read = await call(`${b.base}/CarDetails/${created.id}`, primaryKey);
        expect(read.status).toBe(200);
        expect(await readJson(read)).toEqual(created);
        const updated = await call(`${b.base}/CarDetails/${created.id}`, primaryKey, {
          method: "PUT",
          body: { ...car, catalogPrice: 45000 },
        });
        expect(updated.status).toBe(200);
        expect(
          (await readJson(await call(`${a.base}/CarDetails/${created.id}`, primaryKey))).catalogPrice,
        ).toBe(45000);
        const result = await readJson(
          await call(`${b.base}/Calculate`, primaryKey, {
            body: { ...calculation, carDetailId: created.id },
          }),
        );
        const record = await call(`${a.base}/Calculations/${result.calculationId}`, primaryKey);
        expect(record.status).toBe(200);
        expect((await readJson(record)).result).toEqual(result);
      } finally {
        await Promise.all(servers.map((s) => stopService(s)));
        await fresh.cleanup();
      }
    },
  );
});

describe("graceful shutdown of the built service", () => {
  it("finishes in-flight requests on SIGTERM, then exits 0", async () => {
    const [sqlite] = testDatabases();
    if (!sqlite) return;
    const fresh = await sqlite.create();
    try {
      const { primaryKey } = await subscriptionIn(fresh.env);
      const server = await spawnService(fresh.env);
      const inFlight = Array.from({ length: 20 }, () =>
        call(`${server.base}/Calculate`, primaryKey, { body: { ...calculation, carDetail: car } }),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      const exit = stopService(server, "SIGTERM");
      const statuses = (await Promise.allSettled(inFlight)).map((r) =>
        r.status === "fulfilled" ? r.value.status : "refused",
      );
      // Every request that reached the server before SIGTERM is answered; none gets a 5xx.
      expect(statuses.filter((s) => typeof s === "number" && s !== 200)).toEqual([]);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
      expect(await exit).toBe(0);
    } finally {
      await fresh.cleanup();
    }
  });
});
