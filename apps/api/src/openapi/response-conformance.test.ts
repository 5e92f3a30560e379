import { testDatabases } from "@cartax/storage/testing";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculationRequest, petrolCar } from "../testing/fixtures";
import { call, type Json, readJson, startTestService, type TestService } from "../testing/test-service";

type Node = Json;

const [sqlite] = testDatabases();

/**
 * The service answers what its OpenAPI document says: real responses of every documented JSON
 * operation, successes and problems, are validated against the schema documented for their path,
 * method, status and content type (the document is assembled beside the routes, so this is what
 * keeps the two from drifting apart).
 */
describe("responses conform to the OpenAPI document (SQLite)", () => {
  let service: TestService;
  let document: Node;
  let ajv: Ajv2020;
  beforeAll(async () => {
    if (!sqlite) return;
    service = await startTestService(sqlite);
    document = (await readJson(await fetch(`${service.server.url}/v1/openapi.json`))) as Node;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: "openapi", components: document.components });
  });
  afterAll(async () => {
    await service?.stop();
  });

  const checked = new Set<string>();
  async function conforms(template: string, method: string, response: Response) {
    const status = String(response.status);
    const mediaType = (response.headers.get("content-type") ?? "").split(";")[0] ?? "";
    const operation = document.paths?.[template]?.[method];
    const media = operation?.responses?.[status]?.content?.[mediaType];
    expect(
      media,
      `${method.toUpperCase()} ${template} ${status} ${mediaType} is not documented`,
    ).toBeDefined();
    const schema = JSON.parse(
      JSON.stringify(media.schema).replaceAll('"#/components/', '"openapi#/components/'),
    );
    const validate = ajv.compile(schema);
    const body = await readJson(response);
    expect(validate(body), `${method} ${template} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    checked.add(`${method.toUpperCase()} ${template} ${status}`);
  }

  it("car details, calculations, the matrix and public links, with their problems", async () => {
    const { primaryKey: key } = await service.subscribe({ calculationAccess: true });
    const { primaryKey: noCalc } = await service.subscribe({ calculationAccess: false });
    const unknown = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
    const base = service.base;

    const created = await call(`${base}/CarDetails`, key, { body: { name: "Compact", ...petrolCar } });
    const id = (await readJson(created.clone())).id as string;
    await conforms("/v1/CarDetails", "post", created);
    await conforms("/v1/CarDetails", "post", await call(`${base}/CarDetails`, key, { body: { fuel: 1 } }));
    await conforms(
      "/v1/CarDetails",
      "post",
      await call(`${base}/CarDetails`, undefined, { body: petrolCar }),
    );
    await conforms(
      "/v1/CarDetails",
      "post",
      await call(`${base}/CarDetails`, key, { body: "x", headers: { "content-type": "text/plain" } }),
    );
    await conforms(
      "/v1/CarDetails",
      "post",
      await call(`${base}/CarDetails`, key, { body: JSON.stringify({ name: "x".repeat(70_000) }) }),
    );
    await conforms("/v1/CarDetails/{carDetailId}", "get", await call(`${base}/CarDetails/${id}`, key));
    await conforms("/v1/CarDetails/{carDetailId}", "get", await call(`${base}/CarDetails/${unknown}`, key));
    await conforms("/v1/CarDetails/{carDetailId}", "get", await call(`${base}/CarDetails/nope`, key));
    const put = (target: string) =>
      call(`${base}/CarDetails/${target}`, key, { method: "PUT", body: { ...petrolCar, kilowatt: 90 } });
    await conforms("/v1/CarDetails/{carDetailId}", "put", await put(id));
    await conforms("/v1/CarDetails/{carDetailId}", "put", await put(crypto.randomUUID()));

    const calculated = await call(`${base}/Calculate`, key, { body: calculationRequest });
    const calculationId = (await readJson(calculated.clone())).calculationId as string;
    await conforms("/v1/Calculate", "post", calculated);
    await conforms(
      "/v1/Calculate",
      "post",
      await call(`${base}/Calculate`, key, {
        body: { ...calculationRequest, carDetail: null, carDetailId: unknown },
      }),
    );
    await conforms(
      "/v1/Calculate",
      "post",
      await call(`${base}/Calculate`, noCalc, { body: calculationRequest }),
    );
    await conforms("/v1/Calculate", "post", await call(`${base}/Calculate`, key, { body: "{" }));
    await conforms(
      "/v1/Calculations/{calculationId}",
      "get",
      await call(`${base}/Calculations/${calculationId}`, key),
    );
    await conforms(
      "/v1/Calculations/{calculationId}",
      "get",
      await call(`${base}/Calculations/${unknown}`, key),
    );

    await conforms("/v1/GetTaxMatrix", "get", await call(`${base}/GetTaxMatrix?id=${id}`, key));
    await conforms("/v1/GetTaxMatrix", "get", await call(`${base}/GetTaxMatrix?id=bad`, key));
    await conforms("/v1/GetTaxMatrix", "get", await call(`${base}/GetTaxMatrix?id=${unknown}`, key));
    await conforms("/v1/GetTaxMatrix", "get", await call(`${base}/GetTaxMatrix?id=${id}`, noCalc));

    await conforms("/v1/PublicLink", "get", await call(`${base}/PublicLink?cardetailid=${id}`, key));
    await conforms("/v1/PublicLink", "get", await call(`${base}/PublicLink?cardetailid=${unknown}`, key));
    // A saved comparison's public link (issue 22): 200, and each of its problems.
    const comparison = await call(`${base}/Compare`, key, {
      body: {
        cars: [{ carDetailId: id }, { carDetail: petrolCar }],
        userProfile: calculationRequest.userProfile,
        options: calculationRequest.options,
      },
    });
    expect(comparison.status).toBe(200);
    const { comparisonId } = await readJson(comparison);
    for (const [query, k] of [
      [`comparisonid=${comparisonId}`, key],
      [`comparisonid=${unknown}`, key],
      [`comparisonid=${comparisonId}`, noCalc],
      [`comparisonid=${comparisonId}&cardetailid=${id}`, key],
      ["comparisonid=nope", key],
      ["", key],
    ] as const)
      await conforms("/v1/PublicLink", "get", await call(`${base}/PublicLink?${query}`, k));
    await conforms("/health", "get", await fetch(`${service.server.url}/health`));

    // A subscription past its rate limit: one request a day, the second is refused.
    const limited = await service.subscribe({ calculationAccess: true });
    await service.server.service.storage.subscriptions.setRateLimit(limited.id, {
      requests: 1,
      windowSeconds: 86_400,
    });
    await conforms(
      "/v1/Calculate",
      "post",
      await call(`${base}/Calculate`, limited.primaryKey, { body: calculationRequest }),
    );
    await conforms(
      "/v1/Calculate",
      "post",
      await call(`${base}/Calculate`, limited.primaryKey, { body: calculationRequest }),
    );

    for (const status of ["200", "201", "400", "401", "404", "413", "415", "429"])
      expect(
        [...checked].some((c) => c.endsWith(` ${status}`)),
        `a ${status} was checked`,
      ).toBe(true);
  });
});
