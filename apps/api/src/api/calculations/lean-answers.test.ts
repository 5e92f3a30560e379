import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petrolCar } from "../../testing/fixtures";
import { call, type Json, readJson, startTestService, type TestService } from "../../testing/test-service";

/**
 * The benchmark's calculation (bench/bench-request.mjs: a plug-in hybrid of a company in Flanders,
 * with a fuel card), the one whose answer size issue 29 bounds: lean, in English, at most 5 KB.
 */
const benchRequest = {
  carDetail: {
    catalogPrice: 42350.5,
    firstRegistration: "2024-09-15",
    fuel: "PluginHybridPetrol",
    euroStandard: "Euro6",
    kilowatt: 150,
    wltp: 38,
    nedC2: 0,
    capacity: 1984,
    weight: 2100,
    batteryCapacity: 19.7,
  },
  userProfile: {
    postalCode: 9000,
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    regionRegistration: "Flanders",
    hasFuelCard: true,
  },
  options: { registrationDate: "2025-03-01", orderDate: "2024-11-15", ownMonthlyCost: 50 },
};

/** The fields of a lean line: the contract's eight, plus what makes it honest. */
const LEAN_FIELDS = [
  "description",
  "hasUrl",
  "name",
  "outcome",
  "provisional",
  "rawValue",
  "url",
  "value",
  "viewOption",
  "year",
];
const PARAMETER_FIELDS = ["name", "parameter", "provisional", "ruleBookUrl", "unit", "value"];

const linesOf = (answer: Json): Json[] => answer.lines;

describe.each(testDatabases())("lean answers and include=parameters on $dialect", (db) => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    key = (await service.subscribe()).primaryKey;
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  describe.skipIf(!db.available)("", () => {
    it("answers Calculate lean by default: the contract's fields, outcome, provisional, no parameters, at most 5 KB", async () => {
      const response = await call(`${service.base}/Calculate`, key, { body: benchRequest });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(5 * 1024);
      const answer = JSON.parse(text);
      expect(linesOf(answer).length).toBeGreaterThan(5);
      for (const line of linesOf(answer)) {
        expect(Object.keys(line).sort()).toEqual(LEAN_FIELDS);
        expect(line.description).toEqual(expect.any(String));
      }
    });

    it("adds each line's parameters with include=parameters, each with its rule-book address", async () => {
      const response = await call(`${service.base}/Calculate?include=parameters`, key, {
        body: benchRequest,
      });
      expect(response.status).toBe(200);
      const answer = await readJson(response);
      const lean = await readJson(await call(`${service.base}/Calculate`, key, { body: benchRequest }));
      // The same lines, each with its parameters added.
      const strip = (lines: Json[]) => lines.map(({ parameters: _, ...line }: Json) => line);
      expect(strip(linesOf(answer))).toEqual(linesOf(lean));
      for (const line of linesOf(answer)) {
        expect(Object.keys(line).sort()).toEqual([...LEAN_FIELDS, "parameters"].sort());
        for (const parameter of line.parameters)
          expect(Object.keys(parameter).sort()).toEqual(PARAMETER_FIELDS);
      }
      // The Flemish BIV of 2025 reads its q of 2025 (VCF art. 2.2.4.0.1: 1.07 + 4 × 0.035 = 1.21).
      const biv = linesOf(answer).find((l) => l.viewOption === "RoadTax");
      expect(biv.parameters.find((p: Json) => p.name === "q")).toMatchObject({
        value: 1.21,
        parameter: "flanders.biv.q",
      });
    });

    it("refuses an include it does not know with a 400 naming the value and the allowed ones", async () => {
      for (const include of ["parameter", "parameters,explanations", ""]) {
        const response = await call(`${service.base}/Calculate?include=${encodeURIComponent(include)}`, key, {
          body: benchRequest,
        });
        expect(response.status, include).toBe(400);
        expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        const problem = await readJson(response);
        expect(problem.errors).toEqual([
          {
            field: "include",
            rule: "enum",
            message: `include: must be one of: parameters (got ${JSON.stringify(include)})`,
          },
        ]);
      }
      // Nothing was computed or saved for it: the same for Projection, Compare and the batch.
      for (const path of ["/Projection", "/Compare"]) {
        const response = await call(`${service.base}${path}?include=all`, key, { body: benchRequest });
        expect(response.status, path).toBe(400);
        expect((await readJson(response)).errors[0]).toMatchObject({ field: "include", rule: "enum" });
      }
    });

    it("gives back in GET /v1/Calculations/{id} the very bytes it sent, lean or with parameters, and the request as received", async () => {
      // White space and key order as a client wrote them: the record keeps the text.
      const sent = `{ "options": ${JSON.stringify(benchRequest.options)},\n  "carDetail": ${JSON.stringify(benchRequest.carDetail)}, "userProfile": ${JSON.stringify(benchRequest.userProfile)} }`;
      for (const query of ["", "?include=parameters"]) {
        const response = await call(`${service.base}/Calculate${query}`, key, { body: sent });
        expect(response.status).toBe(200);
        const answered = await response.text();
        const { calculationId } = JSON.parse(answered);
        const read = await call(`${service.base}/Calculations/${calculationId}`, key);
        expect(read.status).toBe(200);
        const text = await read.text();
        expect(text.endsWith(`"request":${sent},"result":${answered}}`), query).toBe(true);
        const record = JSON.parse(text);
        expect(record).toMatchObject({
          calculationId,
          engineVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
        });
        expect(record.result).toEqual(JSON.parse(answered));
      }
    });

    it("still reads a record written before the compressed audit, in today's shape", async () => {
      const { primaryKey, id: subscriptionId, ownerId } = await service.subscribe();
      const id = "5d2c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b";
      // As the service stored it until 28 November 2026: JSON texts, and (before issue 19) a line
      // without a figure in `lines` as a zero.
      const yearly = { name: "Yearly tax", viewOption: "YearlyTax", year: 2025, url: null, hasUrl: false };
      const result = {
        calculationId: id,
        lines: [
          {
            ...yearly,
            description: "weight missing",
            value: "0.00 €",
            rawValue: 0,
            outcome: "notApplicable",
          },
        ],
      };
      await service.server.service.storage.db
        .insertInto("calculations")
        .values({
          id,
          owner_id: ownerId,
          subscription_id: subscriptionId,
          request: JSON.stringify(benchRequest),
          result: JSON.stringify(result),
          rules_version: "2026.11.1",
          client_version: "1",
          created_at: "2026-11-20T10:00:00.000Z",
        })
        .execute();
      const record = await readJson(await call(`${service.base}/Calculations/${id}`, primaryKey));
      expect(record).toMatchObject({
        calculationId: id,
        createdAt: "2026-11-20T10:00:00.000Z",
        rulesVersion: "2026.11.1",
        engineVersion: null,
        version: "1",
        request: benchRequest,
      });
      // The zero moved to unavailableLines: no answer ever shows a missing figure as 0.00.
      expect(record.result.lines).toEqual([]);
      expect(record.result.unavailableLines).toEqual([
        { ...yearly, outcome: "notApplicable", reason: "weight missing" },
      ]);
    });

    it("answers the batch lean by default and with parameters on request, line for line", async () => {
      const body = `${JSON.stringify(benchRequest)}\n${JSON.stringify({ ...benchRequest, carDetail: petrolCar })}\n`;
      for (const [query, withParameters] of [
        ["", false],
        ["?include=parameters", true],
      ] as const) {
        const response = await call(`${service.base}/Calculate/batch${query}`, key, {
          body,
          headers: { "content-type": "application/x-ndjson" },
        });
        expect(response.status).toBe(200);
        const answers = (await response.text())
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l));
        expect(answers).toHaveLength(2);
        for (const answer of answers)
          for (const line of linesOf(answer)) expect("parameters" in line, query).toBe(withParameters);
      }
    });

    it("answers Projection and Compare lean by default and with parameters on request", async () => {
      const compare = {
        cars: [{ carDetail: benchRequest.carDetail }, { carDetail: petrolCar }],
        userProfile: benchRequest.userProfile,
        options: { registrationDate: "2025-03-01", years: 2 },
      };
      for (const [query, withParameters] of [
        ["", false],
        ["?include=parameters", true],
      ] as const) {
        const projection = await readJson(
          await call(`${service.base}/Projection${query}`, key, { body: benchRequest }),
        );
        const projected: Json[] = projection.years.flatMap((y: Json) => y.lines);
        expect(projected.length).toBeGreaterThan(5);
        for (const line of projected) expect("parameters" in line, `Projection${query}`).toBe(withParameters);
        const comparison = await readJson(
          await call(`${service.base}/Compare${query}`, key, { body: compare }),
        );
        const compared: Json[] = comparison.rows.flatMap((r: Json) => r.lines);
        expect(compared.length).toBeGreaterThan(5);
        for (const line of compared) expect("parameters" in line, `Compare${query}`).toBe(withParameters);
      }
    });
  });
});
