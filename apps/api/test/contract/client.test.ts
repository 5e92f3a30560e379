import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCartaxClient } from "@cartax/client";
import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/app";
import { petrolCar } from "../../src/testing/fixtures";
import { startTestService, type TestService } from "../../src/testing/test-service";

const [sqlite] = testDatabases();

describe("@cartax/client against the real service", () => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    if (!sqlite) return;
    service = await startTestService(sqlite);
    key = (await service.subscribe()).primaryKey;
  });
  afterAll(async () => {
    await service.stop();
  });

  it("is generated from the service's current OpenAPI document", () => {
    const committed = JSON.parse(
      fs.readFileSync(
        path.resolve(
          path.dirname(fileURLToPath(import.meta.url)),
          "../../../../packages/client/openapi.json",
        ),
        "utf8",
      ),
    );
    expect(committed).toEqual(JSON.parse(JSON.stringify(openApiDocument("http://127.0.0.1:3000"))));
  });

  it("creates, reads and calculates with typed answers, the key in the query", async () => {
    const cartax = createCartaxClient({ baseUrl: service.server.url, subscriptionKey: key });
    const created = await cartax.POST("/v1/CarDetails", { body: { ...petrolCar, name: "Client car" } });
    expect(created.response.status).toBe(201);
    const id = created.data?.id ?? "";
    const read = await cartax.GET("/v1/CarDetails/{carDetailId}", { params: { path: { carDetailId: id } } });
    expect(read.data?.name).toBe("Client car");
    const calculated = await cartax.POST("/v1/Calculate", {
      body: {
        carDetailId: id,
        userProfile: {
          postalCode: 9000,
          status: "SelfEmployed",
          registrationOn: "CompanyRegistration",
          regionRegistration: "Flanders",
        },
        options: { registrationDate: "2025-03-01" },
      },
    });
    expect(calculated.data?.lines.length).toBe(11);
    const matrix = await cartax.GET("/v1/GetTaxMatrix", { params: { query: { id } } });
    expect(matrix.data?.rows).toHaveLength(9);
  });

  it("projects and compares with typed answers, and reads a comparison as CSV", async () => {
    const cartax = createCartaxClient({ baseUrl: service.server.url, subscriptionKey: key });
    const userProfile = {
      postalCode: 9000,
      status: "SelfEmployed" as const,
      registrationOn: "CompanyRegistration" as const,
      regionRegistration: "Flanders" as const,
    };
    const projected = await cartax.POST("/v1/Projection", {
      body: { carDetail: petrolCar, userProfile, options: { registrationDate: "2025-03-01", years: 3 } },
    });
    // 3 years from 1 March 2025, by the day: until 28 February 2028.
    expect(projected.data?.years.map((y) => y.year)).toEqual([2025, 2026, 2027, 2028]);
    expect(projected.data?.summary?.employerTaxes.adds).toEqual(["RoadTax", "YearlyTax", "CO2Contribution"]);
    const schedule = await cartax.POST("/v1/BenefitInKind/schedule", {
      body: {
        carDetail: petrolCar,
        userProfile,
        options: { registrationDate: "2025-03-01", from: "2025-03-10", until: "2025-12-31" },
      },
    });
    // 10 months, the first from the 10th: 22 days of March counted.
    expect(schedule.data?.months.map((m) => m.days)[0]).toBe(22);
    expect(schedule.data?.months).toHaveLength(10);
    const saved = await cartax.GET("/v1/Projections/{projectionId}", {
      params: { path: { projectionId: projected.data?.projectionId ?? "" } },
    });
    expect(saved.data?.result).toEqual(projected.data);
    const body = {
      cars: [{ carDetail: petrolCar }, { carDetail: { ...petrolCar, catalogPrice: 50000 } }],
      userProfile,
      options: { registrationDate: "2025-03-01", rankBy: "BenefitInKind" as const },
    };
    const compared = (await cartax.POST("/v1/Compare", { body })).data;
    // The answer is typed JSON or CSV (the operation has both media types): JSON unless Accept asks for CSV.
    if (typeof compared !== "object") throw new Error("expected the JSON answer");
    expect(compared.ranking.entries.map((e) => e.index)).toEqual([0, 1]);
    const csv = await cartax.POST("/v1/Compare", { body, headers: { accept: "text/csv" }, parseAs: "text" });
    expect(String(csv.data).split("\r\n")[0]).toMatch(/^carDetailId,name,RoadTax 2025,/);
  });

  it("returns problem details as typed errors, not exceptions", async () => {
    const cartax = createCartaxClient({ baseUrl: service.server.url, subscriptionKey: key });
    const invalid = await cartax.POST("/v1/CarDetails", { body: { ...petrolCar, catalogPrice: -1 } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.code).toBe("validation_error");
    expect(invalid.error?.errors?.[0]).toMatchObject({ field: "catalogPrice", rule: "min" });
    const anonymous = createCartaxClient({ baseUrl: service.server.url, subscriptionKey: "ctx_acc_nope" });
    const denied = await anonymous.GET("/v1/CarDetails/{carDetailId}", {
      params: { path: { carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6" } },
    });
    expect(denied.response.status).toBe(401);
    expect(denied.error?.code).toBe("unauthorized");
  });
});
