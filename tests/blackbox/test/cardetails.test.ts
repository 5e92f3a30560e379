/**
 * Spec "CarDetail", "Endpoints / Car details", "States and transitions"; docs/contract.md "CarDetail",
 * "Catalog prices and VAT", "Errors" (accounts, firstRegistration, VAT, problem details).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  bb,
  call,
  createCar,
  electricCar,
  expectProblem,
  expectValidation,
  petrolCar,
  UUID_RE,
} from "./helpers";

describe("POST /CarDetails", () => {
  it("201 with a Location header pointing at the new resource; id and ownerId assigned by the service", async () => {
    const sentId = randomUUID();
    const sentOwner = randomUUID();
    const post = await call("POST", "/CarDetails", { body: petrolCar({ id: sentId, ownerId: sentOwner }) });
    expect(post.status, post.text).toBe(201);
    const location = post.headers.get("location");
    expect(location).toBeTruthy();
    const get = await call("GET", location as string);
    expect(get.status, get.text).toBe(200);
    expect(get.json.id).toMatch(UUID_RE);
    expect(get.json.id).not.toBe(sentId);
    expect(location).toContain(get.json.id);
    expect(get.json.ownerId).toBe(bb.main.ownerId);
    expect(get.json.ownerId).not.toBe(sentOwner);
  });

  it("GET returns the stored fields; firstRegistration yyyy-MM-dd in, yyyy-MM-ddT00:00:00 out; isActive defaults to true", async () => {
    const car = petrolCar({ batteryCapacity: null, nedC2NonHybrid: null, wltpNonHybrid: null });
    const id = await createCar(car);
    const get = await call("GET", `/CarDetails/${id}`);
    expect(get.status).toBe(200);
    expect(get.json).toMatchObject({
      id,
      name: car.name,
      internalName: car.internalName,
      catalogPrice: 40000,
      fuel: "Petrol",
      euroStandard: "Euro6",
      kilowatt: 110,
      wltp: 130,
      nedC2: 0,
      capacity: 1498,
      weight: 1400,
      isActive: true,
    });
    expect(get.json.firstRegistration).toBe("2025-03-01T00:00:00");
  });

  it("enumerations are accepted by number and returned by name", async () => {
    const id = await createCar(electricCar({ fuel: 80, euroStandard: 70 }));
    const get = await call("GET", `/CarDetails/${id}`);
    expect(get.json.fuel).toBe("Electric");
    expect(get.json.euroStandard).toBe("Euro6");
  });

  it.each([
    ["Diesel", 10],
    ["LPG", 25],
    ["NaturalGas", 30],
    ["HybridPetrol", 60],
    ["HydrogenPetrol", 90],
  ])("FuelType %s (%d) by name and by number store the same car", async (name, value) => {
    const a = await createCar(petrolCar({ fuel: name, euroStandard: "Euro6" }));
    const b = await createCar(petrolCar({ fuel: value, euroStandard: 70 }));
    const [ga, gb] = await Promise.all([call("GET", `/CarDetails/${a}`), call("GET", `/CarDetails/${b}`)]);
    expect(ga.json.fuel).toBe(name);
    expect(gb.json.fuel).toBe(name);
  });

  it("an unknown enumeration name or number is a 400 naming the field with rule enum", async () => {
    expectValidation(
      await call("POST", "/CarDetails", { body: petrolCar({ fuel: "Steam" }) }),
      "fuel",
      "enum",
    );
    expectValidation(
      await call("POST", "/CarDetails", { body: petrolCar({ euroStandard: 65 }) }),
      "euroStandard",
      "enum",
    );
  });

  it.each([["catalogPrice"], ["fuel"], ["euroStandard"], ["kilowatt"], ["nedC2"]])(
    "missing required %s is a 400 with rule required",
    async (field) => {
      const car = petrolCar();
      delete car[field];
      expectValidation(await call("POST", "/CarDetails", { body: car }), field, "required");
    },
  );

  it("a string where a number belongs is a 400 with rule type", async () => {
    expectValidation(
      await call("POST", "/CarDetails", { body: petrolCar({ catalogPrice: "forty thousand" }) }),
      "catalogPrice",
      "type",
    );
  });

  it("wltp is mandatory from firstRegistration 2021-01-01 (rule requiredFrom2021), not before", async () => {
    const from2021 = petrolCar({ firstRegistration: "2021-01-01" });
    delete from2021.wltp;
    expectValidation(await call("POST", "/CarDetails", { body: from2021 }), "wltp", "requiredFrom2021");
    const before = petrolCar({ firstRegistration: "2020-12-31", nedC2: 120 });
    delete before.wltp;
    const answer = await call("POST", "/CarDetails", { body: before });
    expect(answer.status, answer.text).toBe(201);
  });

  it("firstRegistration is optional: without it wltp is not demanded, and it reads back empty", async () => {
    const car = petrolCar({ nedC2: 120 });
    delete car.firstRegistration;
    delete car.wltp;
    const post = await call("POST", "/CarDetails", { body: car });
    expect(post.status, post.text).toBe(201);
    const get = await call("GET", post.headers.get("location") as string);
    expect(get.json.firstRegistration ?? null).toBeNull();
  });

  it("capacity is required for combustion fuels (rule requiredForFuel) but not for Electric", async () => {
    const petrol = petrolCar();
    delete petrol.capacity;
    expectValidation(await call("POST", "/CarDetails", { body: petrol }), "capacity", "requiredForFuel");
    const ev = electricCar();
    delete ev.capacity;
    expect((await call("POST", "/CarDetails", { body: ev })).status).toBe(201);
  });

  it("batteryCapacity is required for plug-in hybrids (rule requiredForFuel)", async () => {
    const phev = petrolCar({ fuel: "PluginHybridPetrol", wltp: 35, kilowatt: 150 });
    expectValidation(await call("POST", "/CarDetails", { body: phev }), "batteryCapacity", "requiredForFuel");
    const ok = await call("POST", "/CarDetails", { body: { ...phev, batteryCapacity: 14.8 } });
    expect(ok.status, ok.text).toBe(201);
  });

  it("firstRegistration not in yyyy-MM-dd is a 400 with rule date; a returned date-time is accepted back", async () => {
    expectValidation(
      await call("POST", "/CarDetails", { body: petrolCar({ firstRegistration: "01/03/2025" }) }),
      "firstRegistration",
      "date",
    );
    expectValidation(
      await call("POST", "/CarDetails", { body: petrolCar({ firstRegistration: "2025-02-30" }) }),
      "firstRegistration",
      "date",
    );
    const back = await call("POST", "/CarDetails", {
      body: petrolCar({ firstRegistration: "2025-03-01T00:00:00" }),
    });
    expect(back.status, back.text).toBe(201);
  });

  it("a prices-include-VAT subscription stores catalogPrice / 1.21 (spec CarDetail.catalogPrice)", async () => {
    const id = await createCar(petrolCar({ catalogPrice: 48400 }), bb.vat.primaryKey);
    const get = await call("GET", `/CarDetails/${id}`, { key: bb.vat.primaryKey });
    expect(get.json.catalogPrice).toBeCloseTo(40000, 6);
    const id2 = await createCar(petrolCar({ catalogPrice: 30000 }), bb.vat.primaryKey);
    const get2 = await call("GET", `/CarDetails/${id2}`, { key: bb.vat.primaryKey });
    // README: "keeps full precision"
    expect(get2.json.catalogPrice).toBeCloseTo(30000 / 1.21, 6);
  });
});

describe("PUT /CarDetails/{id} (idempotent upsert)", () => {
  it("201 + Location when none exists, then 200 + Location on update; body id ignored", async () => {
    const id = randomUUID();
    const create = await call("PUT", `/CarDetails/${id}`, { body: petrolCar({ id: randomUUID() }) });
    expect(create.status, create.text).toBe(201);
    expect(create.headers.get("location")).toContain(id);
    const update = await call("PUT", `/CarDetails/${id}`, {
      body: petrolCar({ name: "Renamed", kilowatt: 120 }),
    });
    expect(update.status, update.text).toBe(200);
    expect(update.headers.get("location")).toContain(id);
    const again = await call("PUT", `/CarDetails/${id}`, {
      body: petrolCar({ name: "Renamed", kilowatt: 120 }),
    });
    expect(again.status).toBe(200);
    const get = await call("GET", `/CarDetails/${id}`);
    expect(get.json).toMatchObject({ id, name: "Renamed", kilowatt: 120, ownerId: bb.main.ownerId });
  });

  it("an invalid body is a 400 and creates nothing", async () => {
    const id = randomUUID();
    const car = petrolCar();
    delete car.catalogPrice;
    expectValidation(await call("PUT", `/CarDetails/${id}`, { body: car }), "catalogPrice", "required");
    expectProblem(await call("GET", `/CarDetails/${id}`), 404, "not_found");
  });

  it("a malformed uuid in the path is a problem+json 400 (rule uuid) or 404, never 2xx/5xx", async () => {
    for (const method of ["GET", "PUT"]) {
      const answer = await call(method, "/CarDetails/not-a-uuid", {
        body: method === "PUT" ? petrolCar() : undefined,
      });
      expect([400, 404], answer.text).toContain(answer.status);
      expectProblem(answer, answer.status);
    }
  });
});

describe("GET /CarDetails/{id}", () => {
  it("404 problem+json for an unknown id", async () => {
    expectProblem(await call("GET", `/CarDetails/${randomUUID()}`), 404, "not_found");
  });
});

describe("GUID spelling", () => {
  it("an upper-case spelling of a car detail id finds the same record", async () => {
    const id = await createCar();
    const answer = await call("GET", `/CarDetails/${id.toUpperCase()}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.id).toBe(id);
  });
});

describe("tenant isolation (README: car detail ids are scoped per account)", () => {
  it("another account's id answers 404 like an unknown id; the same account's other subscription sees it", async () => {
    const id = await createCar();
    expectProblem(await call("GET", `/CarDetails/${id}`, { key: bb.other.primaryKey }), 404, "not_found");
    const same = await call("GET", `/CarDetails/${id}`, { key: bb.noCalc.primaryKey });
    expect(same.status).toBe(200);
    expect(same.json.id).toBe(id);
  });

  it("a PUT at another account's id creates the caller's own record without touching the other", async () => {
    const id = await createCar(petrolCar({ name: "Owned by A" }));
    const put = await call("PUT", `/CarDetails/${id}`, {
      key: bb.other.primaryKey,
      body: petrolCar({ name: "Owned by B" }),
    });
    expect(put.status, put.text).toBe(201);
    const a = await call("GET", `/CarDetails/${id}`);
    const b = await call("GET", `/CarDetails/${id}`, { key: bb.other.primaryKey });
    expect(a.json.name).toBe("Owned by A");
    expect(a.json.ownerId).toBe(bb.main.ownerId);
    expect(b.json.name).toBe("Owned by B");
    expect(b.json.ownerId).toBe(bb.other.ownerId);
  });
});

describe("transport errors (README problem table)", () => {
  it("unparseable JSON and an empty body are 400 malformed_json", async () => {
    expectProblem(
      await call("POST", "/CarDetails", { rawBody: '{"catalogPrice": 4' }),
      400,
      "malformed_json",
    );
    expectProblem(await call("POST", "/CarDetails", { rawBody: "" }), 400, "malformed_json");
  });

  it("a body not sent as application/json is 415", async () => {
    const answer = await call("POST", "/CarDetails", {
      rawBody: JSON.stringify(petrolCar()),
      contentType: "text/plain",
    });
    expectProblem(answer, 415, "unsupported_media_type");
  });

  it("application/json with a charset parameter is accepted", async () => {
    const answer = await call("POST", "/CarDetails", {
      rawBody: JSON.stringify(petrolCar()),
      contentType: "application/json; charset=utf-8",
    });
    expect(answer.status, answer.text).toBe(201);
  });

  it("a body over 64 KiB is 413; just under is not", async () => {
    const big = JSON.stringify(petrolCar({ name: "x".repeat(65 * 1024) }));
    expectProblem(await call("POST", "/CarDetails", { rawBody: big }), 413, "payload_too_large");
    const base = JSON.stringify(petrolCar({ name: "" }));
    const pad = " ".repeat(64 * 1024 - Buffer.byteLength(base) - 1);
    const under = await call("POST", "/CarDetails", { rawBody: base + pad });
    expect(under.status).not.toBe(413);
  });

  it.each([
    ["POST", "/CarDetails"],
    ["PUT", "/CarDetails/4b9f2d9e-7c4e-4a59-9a43-2f1f3c0d5e61"],
    ["POST", "/Calculate"],
    ["POST", "/Qr"],
  ])(
    "%s %s: 413 over 64 KiB, 415 for text/plain, 400 malformed_json, all problem+json",
    async (method, path) => {
      expectProblem(
        await call(method, path, { rawBody: `{"name":"${"x".repeat(66 * 1024)}"}` }),
        413,
        "payload_too_large",
      );
      expectProblem(
        await call(method, path, { rawBody: "{}", contentType: "text/plain" }),
        415,
        "unsupported_media_type",
      );
      expectProblem(await call(method, path, { rawBody: "[1,2" }), 400, "malformed_json");
    },
  );

  it("a prices-include-VAT subscription also divides catalogPrice by 1.21 on PUT", async () => {
    const id = randomUUID();
    const put = await call("PUT", `/CarDetails/${id}`, {
      key: bb.vat.primaryKey,
      body: petrolCar({ catalogPrice: 60500 }),
    });
    expect(put.status, put.text).toBe(201);
    const get = await call("GET", `/CarDetails/${id}`, { key: bb.vat.primaryKey });
    expect(get.json.catalogPrice).toBeCloseTo(50000, 6);
  });

  it("a wrong method on an existing path is 405 with Allow", async () => {
    const id = await createCar();
    const answer = await call("DELETE", `/CarDetails/${id}`);
    expectProblem(answer, 405, "method_not_allowed");
    expect(answer.headers.get("allow") ?? "").toMatch(/GET/);
    expect(answer.headers.get("allow") ?? "").toMatch(/PUT/);
  });

  it("an unknown path is 404 not_found", async () => {
    expectProblem(await call("GET", "/NoSuchThing"), 404, "not_found");
  });

  it("a sane X-Request-Id is echoed and used in the problem instance; an insane one is replaced", async () => {
    const answer = await call("GET", `/CarDetails/${randomUUID()}`, {
      headers: { "X-Request-Id": "bb-req.1:x" },
    });
    expect(answer.headers.get("x-request-id")).toBe("bb-req.1:x");
    expect(answer.json.instance).toBe("urn:cartax:request:bb-req.1:x");
    const bad = await call("GET", `/CarDetails/${randomUUID()}`, {
      headers: { "X-Request-Id": "no spaces/ok" },
    });
    const generated = bad.headers.get("x-request-id") ?? "";
    expect(generated).not.toBe("no spaces/ok");
    expect(generated).toMatch(/^[A-Za-z0-9_.:-]{1,128}$/);
  });
});
