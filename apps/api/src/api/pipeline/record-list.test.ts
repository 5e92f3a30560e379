import { randomUUID } from "node:crypto";
import {
  calculationPageSchema,
  carDetailPageSchema,
  comparisonPageSchema,
  projectionPageSchema,
} from "@cartax/schemas";
import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculationRequest, companyProfile, petrolCar } from "../../testing/fixtures";
import { COMPARED_CARS } from "../../testing/saved-comparison";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

/** docs/contract.md, Lists: the cursor is base64url of `1|<list>|<createdAt>|<id>` (opaque to clients). */
const forgedCursor = (createdAt: string, id: string, list = "Calculations") =>
  Buffer.from(`1|${list}|${createdAt}|${id}`).toString("base64url");
/** Each page is checked against the schema the OpenAPI document gives it. */
const PAGE_SCHEMAS: Record<string, { parse(value: unknown): unknown }> = {
  CarDetails: carDetailPageSchema,
  Calculations: calculationPageSchema,
  Projections: projectionPageSchema,
  Comparisons: comparisonPageSchema,
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())("Lists with cursor pagination on $dialect", (db) => {
  let service: TestService;
  let mine: { key: string; ownerId: string };
  let mineToo: string;
  let theirs: { key: string; ownerId: string };
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    const a = await service.subscribe();
    mine = { key: a.primaryKey, ownerId: a.ownerId };
    // A second subscription of the same account: the lists are the account's.
    mineToo = (await service.subscribe({ ownerId: a.ownerId })).primaryKey;
    const b = await service.subscribe();
    theirs = { key: b.primaryKey, ownerId: b.ownerId };
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  const list = (path: string, key: string, query: Record<string, string | number> = {}) => {
    const params = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    return call(`${service.base}/${path}?${params}`, key);
  };

  /** Every page of a list by following Link rel="next"; `between` runs after each page. */
  async function walk(
    path: string,
    key: string,
    query: Record<string, string | number>,
    between = async () => {},
  ) {
    const pages: Json[][] = [];
    let response = await list(path, key, query);
    for (;;) {
      expect(response.status).toBe(200);
      const body = await readJson(response);
      PAGE_SCHEMAS[path]?.parse(body);
      pages.push(body.data);
      const link = response.headers.get("link");
      if (body.nextCursor === null) {
        expect(link).toBeNull();
        return pages;
      }
      // The next page's absolute address, the same query with the cursor, never the key.
      const next = /^<([^>]+)>; rel="next"$/.exec(link ?? "")?.[1] as string;
      expect(next.startsWith(`https://api.cartax.test/v1/${path}?`)).toBe(true);
      expect(next).not.toContain("subscription-key");
      const nextUrl = new URL(next);
      expect(nextUrl.searchParams.get("cursor")).toBe(body.nextCursor);
      for (const [name, value] of Object.entries(query))
        expect(nextUrl.searchParams.get(name)).toBe(String(value));
      await between();
      response = await call(`${service.base}/${path}${nextUrl.search}`, key);
    }
  }

  const createCar = async (key: string, name: string) => {
    const response = await call(`${service.base}/CarDetails`, key, { body: { ...petrolCar, name } });
    expect(response.status).toBe(201);
    await pause(3);
    return (await readJson(response)).id as string;
  };

  const calculate = async (key: string, body: unknown) => {
    const response = await call(`${service.base}/Calculate`, key, { body });
    expect(response.status).toBe(200);
    await pause(3);
    return (await readJson(response)).calculationId as string;
  };

  describe.skipIf(!db.available)("", () => {
    it("GET /v1/CarDetails walks every car of the account once, newest first, while cars are added", async () => {
      const created: string[] = [];
      for (let i = 0; i < 7; i++) created.push(await createCar(i % 2 ? mineToo : mine.key, `car ${i}`));
      const foreign = await createCar(theirs.key, "theirs");
      const added: string[] = [];
      const pages = await walk("CarDetails", mine.key, { limit: 3 }, async () => {
        added.push(await createCar(mine.key, "added during the walk"));
      });
      expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
      const walked = pages.flat();
      // Each item is a CarDetail as its read gives it.
      expect(walked.at(-1)).toEqual(
        await readJson(await call(`${service.base}/CarDetails/${created[0]}`, mine.key)),
      );
      expect(walked.map((car: Json) => car.id)).toEqual([...created].reverse());
      expect(walked.map((car: Json) => car.id)).not.toContain(foreign);
      // A new walk starts with what was added, newest first.
      const first = await readJson(await list("CarDetails", mine.key, { limit: 2 }));
      expect(first.data.map((car: Json) => car.id)).toEqual([...added].reverse().slice(0, 2));
    });

    it("limit: 20 by default, at most 100; 400 naming limit outside 1..100", async () => {
      const fresh = (await service.subscribe()).primaryKey;
      for (let i = 0; i < 21; i++) await createCar(fresh, `fleet ${i}`);
      const byDefault = await list("CarDetails", fresh);
      const body = await readJson(byDefault);
      expect(body.data).toHaveLength(20);
      expect(typeof body.nextCursor).toBe("string");
      const all = await list("CarDetails", fresh, { limit: 100 });
      expect(all.headers.get("link")).toBeNull();
      expect(await readJson(all)).toMatchObject({ nextCursor: null });
      expect((await readJson(await list("CarDetails", fresh, { limit: 1 }))).data).toHaveLength(1);
      for (const [limit, rule] of <[string | number, string][]>[
        [0, "min"],
        [101, "max"],
        ["ten", "type"],
        ["2.5", "type"],
        // Coercion would read these as 5, 5 and 10.
        ["0x5", "type"],
        [" 5", "type"],
        ["1e1", "type"],
      ]) {
        const response = await list("CarDetails", fresh, { limit });
        expect(response.status, String(limit)).toBe(400);
        const problem = await readJson(response);
        expect(problem.code).toBe("validation_error");
        expect(problem.errors[0]).toMatchObject({ field: "limit", rule });
      }
    });

    it("400 naming the parameter: a malformed cursor, a bad from/until, from after until, a bad carDetailId", async () => {
      const cases: [string, Record<string, string>, string, string][] = [
        ["CarDetails", { cursor: "!!!" }, "cursor", "format"],
        ["CarDetails", { cursor: Buffer.from("hello").toString("base64url") }, "cursor", "format"],
        ["Calculations", { cursor: forgedCursor("2026-12-07", randomUUID()) }, "cursor", "format"],
        [
          "Calculations",
          {
            cursor: Buffer.from(`2|Calculations|2026-12-07T10:00:00.000Z|${randomUUID()}`).toString(
              "base64url",
            ),
          },
          "cursor",
          "format",
        ],
        [
          "Projections",
          { cursor: forgedCursor("2026-12-07T10:00:00.000Z", "not-an-id", "Projections") },
          "cursor",
          "format",
        ],
        // A cursor of another list (well formed): refused, not read as a position in this one.
        [
          "Comparisons",
          { cursor: forgedCursor("2026-12-07T10:00:00.000Z", randomUUID(), "CarDetails") },
          "cursor",
          "format",
        ],
        ["Calculations", { from: "2026-02-30" }, "from", "date"],
        ["Comparisons", { until: "yesterday" }, "until", "format"],
        ["Projections", { from: "2026-12-07T10:00:00" }, "from", "format"],
        ["Calculations", { from: "2026-12-08", until: "2026-12-07" }, "until", "range"],
        ["Comparisons", { carDetailId: "42" }, "carDetailId", "uuid"],
      ];
      for (const [path, query, field, rule] of cases) {
        const response = await list(path, mine.key, query);
        expect(response.status, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(response.headers.get("content-type")).toBe("application/problem+json");
        expect((await readJson(response)).errors[0]).toMatchObject({ field, rule });
      }
    });

    it("GET /v1/Calculations: every calculation once while more are made, each its request and figures; filters; the account only", async () => {
      const car = await createCar(mine.key, "listed");
      // The other account has a car at the same id (ids are per account) and calculates with it.
      const theirCar = await call(`${service.base}/CarDetails/${car}`, theirs.key, {
        method: "PUT",
        body: petrolCar,
      });
      expect(theirCar.status).toBe(201);
      const theirCalculation = await calculate(theirs.key, {
        ...calculationRequest,
        carDetail: undefined,
        carDetailId: car,
      });
      const byId = {
        carDetailId: car,
        userProfile: companyProfile,
        options: { registrationDate: "2025-03-01" },
      };
      const withCar = [
        await calculate(mine.key, byId),
        await calculate(mineToo, byId),
        await calculate(mine.key, byId),
      ];
      const inline = [
        await calculate(mine.key, calculationRequest),
        await calculate(mineToo, calculationRequest),
      ];
      // An inline carDetail wins over carDetailId: such a calculation is not of the stored car.
      const both = await calculate(mine.key, { ...calculationRequest, carDetailId: car });
      const ours = [...withCar, ...inline, both];
      const added: string[] = [];
      const pages = await walk("Calculations", mine.key, { limit: 2 }, async () => {
        added.push(await calculate(mine.key, byId));
      });
      const walked = pages.flat().map((item: Json) => item.calculationId);
      // Newest first: the ones made before the walk, in the reverse order of their making, once each.
      expect(walked.slice(0, ours.length)).toEqual([...ours].reverse());
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked).not.toContain(theirCalculation);
      for (const id of added) expect(walked).not.toContain(id);

      const filtered = await walk("Calculations", mine.key, { limit: 2, carDetailId: car.toUpperCase() });
      expect(filtered.flat().map((item: Json) => item.calculationId)).toEqual(
        [...withCar, ...added].reverse(),
      );
      const theirFiltered = await walk("Calculations", theirs.key, { carDetailId: car });
      expect(theirFiltered.flat().map((item: Json) => item.calculationId)).toEqual([theirCalculation]);

      // An item: the request as sent and the figures of the answer, not the whole answer.
      const item = pages.flat().find((entry: Json) => entry.calculationId === withCar[0]);
      const record = await readJson(await call(`${service.base}/Calculations/${withCar[0]}`, mine.key));
      expect(item).toEqual({
        calculationId: withCar[0],
        createdAt: record.createdAt,
        rulesVersion: record.rulesVersion,
        engineVersion: record.engineVersion,
        subscriptionId: record.subscriptionId,
        version: null,
        request: byId,
        summary: {
          lines: record.result.lines.map((l: Json) => ({
            viewOption: l.viewOption,
            year: l.year,
            rawValue: l.rawValue,
          })),
          unavailableLines: record.result.unavailableLines.map((l: Json) => ({
            viewOption: l.viewOption,
            year: l.year,
            outcome: l.outcome,
          })),
        },
      });
      expect(item.summary.lines.length).toBeGreaterThan(0);
    });

    it("a forged cursor moves the start within the caller's own records only; from/until bound the creation time", async () => {
      const own = await readJson(await list("Calculations", mine.key, { limit: 100 }));
      const foreign = await readJson(await list("Calculations", theirs.key, { limit: 100 }));
      const ownIds = new Set(own.data.map((item: Json) => item.calculationId));
      expect(ownIds.size).toBeGreaterThan(0);
      const newestTheirs = foreign.data[0];
      const future = forgedCursor("2999-01-01T00:00:00.000Z", "ffffffff-ffff-4fff-bfff-ffffffffffff");
      for (const cursor of [forgedCursor(newestTheirs.createdAt, newestTheirs.calculationId), future]) {
        for (const query of <Record<string, string>[]>[
          { cursor },
          { cursor, carDetailId: newestTheirs.request.carDetailId ?? randomUUID() },
        ]) {
          const page = await readJson(await list("Calculations", mine.key, { limit: 100, ...query }));
          for (const item of page.data) expect(ownIds.has(item.calculationId)).toBe(true);
        }
      }
      // From the far future: every own record, none of theirs.
      const all = await readJson(await list("Calculations", mine.key, { limit: 100, cursor: future }));
      expect(all.data.map((item: Json) => item.calculationId)).toEqual(
        own.data.map((item: Json) => item.calculationId),
      );
      // A cursor at one of the caller's records: the records after it.
      const third = own.data[2];
      const after = await readJson(
        await list("Calculations", mine.key, {
          limit: 100,
          cursor: forgedCursor(third.createdAt, third.calculationId),
        }),
      );
      expect(after.data).toEqual(own.data.slice(3));

      const today = new Date().toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const count = async (query: Record<string, string>) =>
        (await readJson(await list("Calculations", mine.key, { limit: 100, ...query }))).data.length;
      expect(await count({ from: yesterday, until: today })).toBe(own.data.length);
      expect(await count({ from: today, until: today })).toBe(own.data.length);
      expect(await count({ until: yesterday })).toBe(0);
      const middle = own.data[3].createdAt;
      // until is inclusive to the millisecond, from too.
      expect(await count({ until: middle })).toBe(own.data.length - 3);
      expect(await count({ from: middle })).toBe(4);
      expect(await count({ from: middle.replace("Z", "+00:00"), until: middle })).toBe(1);
      expect(await count({ from: new Date(Date.now() + 60_000).toISOString() })).toBe(0);
    });

    it("GET /v1/Projections and /v1/Comparisons: the account's, newest first, their totals, filtered by car", async () => {
      const car = await createCar(mine.key, "compared");
      const post = async (path: string, key: string, body: unknown) => {
        const response = await call(`${service.base}/${path}`, key, { body });
        expect(response.status).toBe(200);
        await pause(3);
        return readJson(response);
      };
      const projectionBody = {
        carDetailId: car,
        userProfile: companyProfile,
        options: { registrationDate: "2025-03-01" },
      };
      const projections = [
        (await post("Projection", mine.key, projectionBody)).projectionId,
        (await post("Projection", mineToo, calculationRequest)).projectionId,
        (await post("Projection", mine.key, projectionBody)).projectionId,
      ];
      const theirProjection = (await post("Projection", theirs.key, calculationRequest)).projectionId;
      const compareBody = (cars: unknown[]) => ({
        cars,
        userProfile: companyProfile,
        options: { registrationDate: "2026-03-01", years: 2, assumeLatestRules: true },
      });
      const inlineCars = COMPARED_CARS.map((carDetail) => ({ carDetail }));
      const comparisons = [
        await post("Compare", mine.key, compareBody([{ carDetailId: car }, inlineCars[1]])),
        await post("Compare", mineToo, compareBody(inlineCars)),
      ];
      const theirComparison = (await post("Compare", theirs.key, compareBody(inlineCars))).comparisonId;

      const projectionPages = await walk("Projections", mine.key, { limit: 1 });
      const listed = projectionPages.flat();
      expect(listed.map((p: Json) => p.projectionId)).toEqual([...projections].reverse());
      expect(listed.map((p: Json) => p.projectionId)).not.toContain(theirProjection);
      const saved = await readJson(await call(`${service.base}/Projections/${projections[0]}`, mine.key));
      expect(listed.at(-1)).toEqual({
        projectionId: projections[0],
        createdAt: saved.createdAt,
        rulesVersion: saved.rulesVersion,
        subscriptionId: saved.subscriptionId,
        version: null,
        request: projectionBody,
        summary: {
          from: saved.result.from,
          until: saved.result.until,
          totals: saved.result.totals,
          summary: saved.result.summary,
        },
      });
      const byCar = await walk("Projections", mine.key, { carDetailId: car });
      expect(byCar.flat().map((p: Json) => p.projectionId)).toEqual([projections[2], projections[0]]);

      const comparisonPages = await walk("Comparisons", mine.key, { limit: 1 });
      const listedComparisons = comparisonPages.flat();
      expect(listedComparisons.map((c: Json) => c.comparisonId)).toEqual(
        comparisons.map((c) => c.comparisonId).reverse(),
      );
      expect(listedComparisons.map((c: Json) => c.comparisonId)).not.toContain(theirComparison);
      const first = listedComparisons.at(-1);
      expect(first.summary).toEqual({
        years: comparisons[0].years,
        rows: comparisons[0].rows.map((row: Json) => ({
          carDetailId: row.carDetailId,
          name: row.name,
          totals: row.totals,
        })),
        ranking: comparisons[0].ranking,
      });
      expect(first.summary.rows[0].carDetailId).toBe(car);
      const comparedWithCar = await walk("Comparisons", mine.key, { carDetailId: car });
      expect(comparedWithCar.flat().map((c: Json) => c.comparisonId)).toEqual([comparisons[0].comparisonId]);
      expect((await walk("Comparisons", theirs.key, { carDetailId: car })).flat()).toEqual([]);
    });

    it("the lists of records need calculation access; the car details' any key", async () => {
      const carsOnly = (await service.subscribe({ calculationAccess: false })).primaryKey;
      expect((await list("CarDetails", carsOnly)).status).toBe(200);
      for (const path of ["Calculations", "Projections", "Comparisons"]) {
        expect((await list(path, carsOnly)).status, path).toBe(401);
      }
    });
  });
});
