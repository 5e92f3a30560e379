import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculationRequest, companyProfile, petrolCar } from "../../src/testing/fixtures";
import { call, readJson, startTestService, type TestService } from "../../src/testing/test-service";

const [sqlite] = testDatabases();

/** Bad input that once answered oddly (issue 19, part 3): each case names what the caller sent. */
describe("bad input (SQLite)", () => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    if (sqlite) service = await startTestService(sqlite);
    key = (await service.subscribe()).primaryKey;
  });
  afterAll(async () => {
    await service.stop();
  });

  it("refuses a body nested thousands deep with 400 malformed_json (rule maxDepth), never a 500", async () => {
    // An unknown field is ignored, but the body is saved as received: 5,000 levels once overflowed
    // the stack there (found by the black-box review of issue 22).
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const body = JSON.stringify(calculationRequest).replace(/}$/, `,"x":${deep}}`);
    for (const path of ["Calculate", "Projection"]) {
      const response = await call(`${service.base}/${path}`, key, { body });
      expect(response.status, path).toBe(400);
      const problem = await readJson(response);
      expect(problem.code).toBe("malformed_json");
      expect(problem.detail).toContain("maxDepth");
    }
    // A body within the limit with an unknown field is still answered.
    const shallow = JSON.stringify(calculationRequest).replace(/}$/, `,"x":[[[["fine"]]]]}`);
    expect((await call(`${service.base}/Calculate`, key, { body: shallow })).status).toBe(200);
  });

  it("refuses a body that is not UTF-8 with 400 malformed_json, and stores nothing (never a silent U+FFFD)", async () => {
    const json = Buffer.from(JSON.stringify({ ...petrolCar, name: "XX" }));
    // "XX" replaced by 0xFF 0xFE: no UTF-8 sequence starts with either byte.
    const at = json.indexOf("XX");
    json[at] = 0xff;
    json[at + 1] = 0xfe;
    const response = await fetch(`${service.base}/CarDetails?subscription-key=${key}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: json,
    });
    expect(response.status).toBe(400);
    expect((await readJson(response)).code).toBe("malformed_json");
    const cars = await readJson(await call(`${service.base}/CarDetails`, key));
    expect(cars.data.filter((car: { name?: string }) => car.name?.includes("\uFFFD"))).toEqual([]);
  });

  it("serves a path with a trailing slash like the path without it", async () => {
    const calculate = await call(`${service.base}/Calculate/`, key, { body: calculationRequest });
    expect(calculate.status).toBe(200);
    expect((await readJson(calculate)).lines.length).toBeGreaterThan(0);
    const created = await call(`${service.base}/CarDetails/`, key, { body: petrolCar });
    expect(created.status).toBe(201);
    const { id } = await readJson(created);
    expect((await call(`${service.base}/CarDetails/${id}/`, key)).status).toBe(200);
    // A method the path does not answer stays a 405, with or without the slash.
    const wrong = await call(`${service.base}/Calculate/`, key, { method: "GET" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });

  it("refuses viewOptions bits of no calculator like unknown names: 400 enum, alone or mixed", async () => {
    for (const viewOptions of [64, 128, 64 | 1, 255, "64", "RoadTax, 64", 2 ** 30]) {
      const response = await call(`${service.base}/Calculate`, key, {
        body: { ...calculationRequest, userProfile: { ...calculationRequest.userProfile, viewOptions } },
      });
      expect(response.status, String(viewOptions)).toBe(400);
      expect((await readJson(response)).errors).toEqual([
        expect.objectContaining({ field: "userProfile.viewOptions", rule: "enum" }),
      ]);
    }
    const all = await call(`${service.base}/Calculate`, key, {
      body: { ...calculationRequest, userProfile: { ...calculationRequest.userProfile, viewOptions: 63 } },
    });
    expect(all.status).toBe(200);
  });

  it("gives one error per violation: a bound broken is min or max, never also range", async () => {
    for (const [field, value, rule] of [
      ["catalogPrice", -1, "min"],
      ["kilowatt", 1e9, "max"],
      ["wltp", -1, "min"],
      ["capacity", 0, "min"],
      ["batteryCapacity", -1, "min"],
      ["weight", 1e6, "max"],
    ] as const) {
      const response = await call(`${service.base}/CarDetails`, key, {
        body: { ...petrolCar, [field]: value },
      });
      expect(response.status).toBe(400);
      expect((await readJson(response)).errors, field).toEqual([expect.objectContaining({ field, rule })]);
      const inline = await call(`${service.base}/Calculate`, key, {
        body: { ...calculationRequest, carDetail: { ...petrolCar, [field]: value } },
      });
      expect((await readJson(inline)).errors, field).toEqual([
        expect.objectContaining({ field: `carDetail.${field}`, rule }),
      ]);
    }
  });

  it("reports the engine's range and cross-field rules with the schema's in one answer (issue 41)", async () => {
    // Once, a caller fixed the schema's errors (fuel, status) and only then learnt of the range of
    // firstRegistration and of an order after the registration: two rounds for one body.
    const car = { ...petrolCar, fuel: "Gasoline", firstRegistration: "0001-01-01" };
    const options = { registrationDate: "2025-03-01", orderDate: "2026-01-01" };
    const profile = { ...companyProfile, status: "Company" };
    const expected = (carPath: string) => [
      expect.objectContaining({ field: `${carPath}.fuel`, rule: "enum" }),
      expect.objectContaining({ field: `${carPath}.firstRegistration`, rule: "range" }),
      expect.objectContaining({ field: "userProfile.status", rule: "enum" }),
      expect.objectContaining({ field: "options.orderDate", rule: "notAfterRegistration" }),
    ];
    for (const path of ["Calculate", "Projection"]) {
      const response = await call(`${service.base}/${path}`, key, {
        body: { carDetail: car, userProfile: profile, options },
      });
      expect(response.status, path).toBe(400);
      const { errors } = await readJson(response);
      // Nothing else: a rule that reads a refused field (capacity for the fuel) waits for its value.
      expect(errors, path).toHaveLength(4);
      expect(errors, path).toEqual(expect.arrayContaining(expected("carDetail")));
    }
    const compared = await call(`${service.base}/Compare`, key, {
      body: { cars: [{ carDetail: petrolCar }, { carDetail: car }], userProfile: profile, options },
    });
    expect(compared.status).toBe(400);
    const { errors } = await readJson(compared);
    expect(errors).toHaveLength(4);
    expect(errors).toEqual(expect.arrayContaining(expected("cars.1.carDetail")));
  });

  it("names carDetailId, not carDetail.…, when a stored car does not fit the calculation", async () => {
    const { id } = await readJson(await call(`${service.base}/CarDetails`, key, { body: petrolCar }));
    const response = await call(`${service.base}/Calculate`, key, {
      body: {
        ...calculationRequest,
        carDetail: undefined,
        carDetailId: id,
        options: { registrationDate: "2024-06-01" },
      },
    });
    expect(response.status).toBe(400);
    const { errors } = await readJson(response);
    expect(errors).toEqual([
      {
        field: "carDetailId",
        rule: "notAfterRegistration",
        message: expect.stringMatching(/^carDetailId \(the stored car detail, field firstRegistration\): /),
      },
    ]);
  });

  it("bounds order dates from 1900-01-01, where the order-date rules begin (a typo is a 400, not 'rules not published')", async () => {
    for (const orderDate of ["0001-01-01", "1899-12-31"]) {
      const response = await call(`${service.base}/Calculate`, key, {
        body: { ...calculationRequest, options: { registrationDate: "2025-03-01", orderDate } },
      });
      expect(response.status, orderDate).toBe(400);
      expect((await readJson(response)).errors, orderDate).toEqual([
        expect.objectContaining({ field: "options.orderDate", rule: "range" }),
      ]);
    }
    const accepted = await call(`${service.base}/Calculate`, key, {
      body: { ...calculationRequest, options: { registrationDate: "2025-03-01", orderDate: "1900-01-01" } },
    });
    expect(accepted.status).toBe(200);
  });

  it("bounds first registration dates: 1886-01-29 (the first car) to the last registration date", async () => {
    for (const firstRegistration of ["0001-01-01", "1886-01-28", "2029-01-01", "9999-12-31"]) {
      const response = await call(`${service.base}/CarDetails`, key, {
        body: { ...petrolCar, firstRegistration },
      });
      expect(response.status, firstRegistration).toBe(400);
      expect((await readJson(response)).errors).toEqual([
        expect.objectContaining({ field: "firstRegistration", rule: "range" }),
      ]);
    }
    for (const firstRegistration of ["1886-01-29", "2028-12-31"]) {
      const response = await call(`${service.base}/CarDetails`, key, {
        body: { ...petrolCar, fuel: "Electric", euroStandard: "Euro6", capacity: null, firstRegistration },
      });
      expect(response.status, firstRegistration).toBe(201);
    }
  });

  it("answers Cartax-Price-Basis: excl-vat on car reads and writes; priceBasis sets one request's basis", async () => {
    const vat = (await service.subscribe({ pricesIncludeVat: true })).primaryKey;
    const created = await call(`${service.base}/CarDetails`, vat, {
      body: { ...petrolCar, catalogPrice: 48400 },
    });
    expect(created.headers.get("cartax-price-basis")).toBe("excl-vat");
    const car = await readJson(created);
    expect(car.catalogPrice).toBeCloseTo(40000, 6);
    const read = await call(`${service.base}/CarDetails/${car.id}`, vat);
    expect(read.headers.get("cartax-price-basis")).toBe("excl-vat");
    const url = `${service.base}/CarDetails/${car.id}`;
    // Written back as read: without priceBasis the spec's rule divides again; with it, it is kept.
    const again = await readJson(await call(url, vat, { method: "PUT", body: await readJson(read) }));
    expect(again.catalogPrice).toBeCloseTo(40000 / 1.21, 6);
    const kept = await call(`${url}?priceBasis=excl-vat`, vat, {
      method: "PUT",
      body: { ...again, catalogPrice: 40000 },
    });
    expect(kept.status).toBe(200);
    expect(kept.headers.get("cartax-price-basis")).toBe("excl-vat");
    expect((await readJson(kept)).catalogPrice).toBe(40000);
    // incl-vat for one request of a subscription that sends prices excluding VAT.
    const included = await call(`${service.base}/CarDetails?priceBasis=incl-vat`, key, {
      body: { ...petrolCar, catalogPrice: 48400 },
    });
    expect((await readJson(included)).catalogPrice).toBeCloseTo(40000, 6);
    const wrong = await call(`${service.base}/CarDetails?priceBasis=net`, key, { body: petrolCar });
    expect(wrong.status).toBe(400);
    expect((await readJson(wrong)).errors).toEqual([
      expect.objectContaining({ field: "priceBasis", rule: "enum" }),
    ]);
    // The same basis for Calculate's inline car: excl-vat from a VAT subscription gives the plain car's lines.
    const plain = await readJson(await call(`${service.base}/Calculate`, key, { body: calculationRequest }));
    const basis = await readJson(
      await call(`${service.base}/Calculate?priceBasis=excl-vat`, vat, { body: calculationRequest }),
    );
    expect(basis.lines).toEqual(plain.lines);
  });

  it("challenges every 401 with WWW-Authenticate naming the header and the query parameter", async () => {
    const inactive = (await service.subscribe({ active: false })).primaryKey;
    const noCalculation = (await service.subscribe({ calculationAccess: false })).primaryKey;
    for (const [url, k] of [
      [`${service.base}/CarDetails/3fa85f64-5717-4562-b3fc-2c963f66afa6`, undefined],
      [`${service.base}/CarDetails/3fa85f64-5717-4562-b3fc-2c963f66afa6`, "ctx_acc_wrong"],
      [`${service.base}/CarDetails/3fa85f64-5717-4562-b3fc-2c963f66afa6`, inactive],
      [`${service.base}/GetTaxMatrix?id=3fa85f64-5717-4562-b3fc-2c963f66afa6`, noCalculation],
    ] as const) {
      const response = await call(url, k);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(
        'ApiKey realm="cartax", header="Ocp-Apim-Subscription-Key", query="subscription-key"',
      );
      expect((await readJson(response)).type).toBe("/problems/unauthorized");
    }
    const ok = await call(`${service.base}/Calculate`, key, { body: calculationRequest });
    expect(ok.headers.get("www-authenticate")).toBeNull();
  });

  it("resolves every problem type URI of the contract's table to a page, without a key", async () => {
    const readme = await import("node:fs").then((fs) =>
      fs.readFileSync(new URL("../../../../docs/contract.md", import.meta.url), "utf8"),
    );
    const types = [...readme.matchAll(/\| `(\/problems\/[a-z-]+)` \|/g)].map((m) => m[1] as string);
    expect(types.length).toBeGreaterThanOrEqual(8);
    for (const type of types) {
      const page = await fetch(`${service.server.url}${type}`);
      expect(page.status, type).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      const text = await page.text();
      expect(text).toContain(type);
      expect(text).toMatch(/<h1>[^<]+<\/h1>/);
      const json = await fetch(`${service.server.url}${type}`, { headers: { Accept: "application/json" } });
      expect(json.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await readJson(json);
      expect(body).toMatchObject({ type, code: type.slice("/problems/".length).replaceAll("-", "_") });
      expect(body.description.length).toBeGreaterThan(20);
    }
    // The type of an answer resolves too (relative to the service's origin).
    const problem = await readJson(await call(`${service.base}/CarDetails`, key, { body: {} }));
    expect((await fetch(new URL(problem.type, service.server.url))).status).toBe(200);
    const unknown = await fetch(`${service.server.url}/problems/no-such-problem`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toBe("application/problem+json");
  });
});
