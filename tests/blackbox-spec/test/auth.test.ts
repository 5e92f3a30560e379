/**
 * docs/contract.md, Authentication 1–7, and the README's key section: both transports, both keys,
 * the active and calculation-access gates, 401 for every gate failure, rotation.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Subscription } from "./cli.ts";
import { cli } from "./cli.ts";
import {
  call,
  companyProfile,
  createCar,
  electricCar2026,
  expectProblem,
  get,
  type KeyVia,
  post,
  subs,
} from "./http.ts";

let carId: string;
let calcRequest: Record<string, unknown>;

beforeAll(async () => {
  carId = await createCar(electricCar2026());
  calcRequest = {
    carDetailId: carId,
    userProfile: companyProfile({ viewOptions: 1 }),
    options: { registrationDate: "2026-03-01" },
  };
});

/** Every endpoint of the spec, as [label, needs calculation access, request]. */
function endpoints(): [string, boolean, (key: string | null, via?: KeyVia) => ReturnType<typeof call>][] {
  return [
    ["GET /CarDetails/{id}", false, (key, via) => get(`/CarDetails/${carId}`, { key, via })],
    ["POST /CarDetails", false, (key, via) => post("/CarDetails", electricCar2026(), { key, via })],
    [
      "PUT /CarDetails/{id}",
      false,
      (key, via) => call(`/CarDetails/${carId}`, { method: "PUT", body: electricCar2026(), key, via }),
    ],
    ["POST /Calculate", true, (key, via) => post("/Calculate", calcRequest, { key, via })],
    ["GET /GetTaxMatrix", true, (key, via) => get(`/GetTaxMatrix?id=${carId}`, { key, via })],
    ["GET /PublicLink", false, (key, via) => get(`/PublicLink?cardetailid=${carId}`, { key, via })],
    ["POST /Qr", false, (key, via) => post("/Qr", { carDetailId: carId }, { key, via })],
  ];
}

const okStatus: Record<string, number> = {
  "GET /CarDetails/{id}": 200,
  "POST /CarDetails": 201,
  "PUT /CarDetails/{id}": 200,
  "POST /Calculate": 200,
  "GET /GetTaxMatrix": 200,
  "GET /PublicLink": 200,
  "POST /Qr": 201,
};

describe("subscription key transports (spec Authentication 1–2, README Keys)", () => {
  for (const via of ["query", "header"] as const) {
    it(`every endpoint accepts the primary key in the ${via === "query" ? "query parameter subscription-key" : "Ocp-Apim-Subscription-Key header"}`, async () => {
      for (const [label, , request] of endpoints()) {
        const res = await request(subs().main.primaryKey, via);
        expect(res.status, `${label}: ${res.text}`).toBe(okStatus[label]);
      }
    });
  }

  it("the secondary key works at the same time as the primary (spec Authentication 4)", async () => {
    for (const [label, , request] of endpoints()) {
      const res = await request(subs().main.secondaryKey);
      expect(res.status, `${label}: ${res.text}`).toBe(okStatus[label]);
    }
  });

  it("a second subscription of the same account sees the account's records", async () => {
    const res = await get(`/CarDetails/${carId}`, { key: subs().sameAccount.primaryKey });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(carId);
  });
});

describe("401 gates (spec Authentication 5–7, Errors)", () => {
  it("no key: 401 problem on every endpoint", async () => {
    for (const [label, , request] of endpoints()) {
      const res = await request(null);
      expectProblem(res, 401, "unauthorized");
      expect(res.status, label).toBe(401);
    }
  });

  it("an unknown key: 401 on every endpoint, by query and by header", async () => {
    const bogus = `ctx_acc_${"A".repeat(43)}`;
    for (const via of ["query", "header"] as const) {
      for (const [label, , request] of endpoints()) {
        const res = await request(bogus, via);
        expect(res.status, `${label} via ${via}`).toBe(401);
      }
    }
  });

  it("a key of the other environment (ctx_prd_ with the same random part) is refused (spec Authentication 3)", async () => {
    const prd = subs().main.primaryKey.replace(/^ctx_acc_/, "ctx_prd_");
    const res = await get(`/CarDetails/${carId}`, { key: prd });
    expectProblem(res, 401, "unauthorized");
  });

  it("keys of one environment never work on the other (spec Authentication 3; README CARTAX_ENVIRONMENT)", async () => {
    const production = `${inject("productionOrigin")}/v1`;
    const prd = inject("productionSub");
    expect(prd.primaryKey).toMatch(/^ctx_prd_[A-Za-z0-9]{43}$/);
    expect(subs().main.primaryKey).toMatch(/^ctx_acc_[A-Za-z0-9]{43}$/);
    // the production key works on production …
    const created = await post(`${production}/CarDetails`, electricCar2026(), { key: prd.primaryKey });
    expect(created.status, created.text).toBe(201);
    // … and not on acceptance, even though both instances share one database here
    expectProblem(await post("/CarDetails", electricCar2026(), { key: prd.primaryKey }), 401, "unauthorized");
    expectProblem(
      await get(`/CarDetails/${created.json.id}`, { key: prd.secondaryKey }),
      401,
      "unauthorized",
    );
    // an acceptance key does not work on production
    expectProblem(
      await get(`${production}/CarDetails/${carId}`, { key: subs().main.primaryKey }),
      401,
      "unauthorized",
    );
    expectProblem(
      await get(`${production}/CarDetails/${carId}`, { key: subs().main.primaryKey, via: "header" }),
      401,
      "unauthorized",
    );
  });

  it("an inactive subscription: 401 on every endpoint", async () => {
    for (const via of ["query", "header"] as const) {
      for (const [label, , request] of endpoints()) {
        const res = await request(subs().inactive.primaryKey, via);
        expect(res.status, `${label} via ${via}: ${res.text}`).toBe(401);
        expect(res.headers.get("content-type") ?? "").toMatch(/^application\/problem\+json/);
      }
    }
  });

  it("no calculation access: 401 on Calculate and GetTaxMatrix only; car details, public link and QR work", async () => {
    const key = subs().noCalc.primaryKey;
    const own = await createCar(electricCar2026(), key);
    const ownRequest = { ...calcRequest, carDetailId: own };
    const results: [string, number, number][] = [
      ["GET /CarDetails", (await get(`/CarDetails/${own}`, { key })).status, 200],
      [
        "PUT /CarDetails",
        (await call(`/CarDetails/${own}`, { method: "PUT", body: electricCar2026(), key })).status,
        200,
      ],
      ["GET /PublicLink", (await get(`/PublicLink?cardetailid=${own}`, { key })).status, 200],
      ["POST /Qr", (await post("/Qr", { carDetailId: own }, { key })).status, 201],
      ["POST /Calculate", (await post("/Calculate", ownRequest, { key })).status, 401],
      ["GET /GetTaxMatrix", (await get(`/GetTaxMatrix?id=${own}`, { key })).status, 401],
    ];
    for (const [label, actual, expected] of results) expect(actual, label).toBe(expected);
    // Inline car too: the gate does not depend on where the vehicle comes from.
    const inline = await post(
      "/Calculate",
      {
        carDetail: electricCar2026(),
        userProfile: companyProfile(),
        options: { registrationDate: "2026-03-01" },
      },
      { key },
    );
    expectProblem(inline, 401, "unauthorized");
  });

  it("the key is checked before the body: an invalid body without a key is 401, not 400", async () => {
    const res = await post("/Calculate", { nonsense: true }, { key: null });
    expect(res.status).toBe(401);
  });
});

describe("operator changes take effect (README, Operator CLI)", () => {
  const dataDir = () => inject("dataDir");

  it("rotating the primary key retires the old one; the secondary keeps working", async () => {
    const sub = await cli<Subscription>(dataDir(), [
      "subscription",
      "create",
      "--name",
      "rotation",
      "--calculation-access",
    ]);
    expect((await get(`/GetTaxMatrix?id=${carId}`, { key: sub.primaryKey })).status).toBe(404);
    const rotated = await cli<{ id: string; primaryKey: string }>(dataDir(), [
      "subscription",
      "rotate",
      sub.id,
      "--key",
      "primary",
    ]);
    expect(rotated.id).toBe(sub.id);
    expect(rotated.primaryKey).not.toBe(sub.primaryKey);
    expect((await post("/CarDetails", electricCar2026(), { key: sub.primaryKey })).status).toBe(401);
    expect((await post("/CarDetails", electricCar2026(), { key: rotated.primaryKey })).status).toBe(201);
    expect((await post("/CarDetails", electricCar2026(), { key: sub.secondaryKey })).status).toBe(201);
  });

  it("deactivate → 401, activate → back; revoke-calculation → 401 on Calculate only; grant → back", async () => {
    const sub = await cli<Subscription>(dataDir(), [
      "subscription",
      "create",
      "--name",
      "toggles",
      "--calculation-access",
    ]);
    const key = sub.primaryKey;
    const own = await createCar(electricCar2026(), key);
    const calc = () => post("/Calculate", { ...calcRequest, carDetailId: own }, { key });
    expect((await calc()).status).toBe(200);

    await cli(dataDir(), ["subscription", "deactivate", sub.id]);
    expect((await get(`/CarDetails/${own}`, { key })).status).toBe(401);
    expect((await calc()).status).toBe(401);
    await cli(dataDir(), ["subscription", "activate", sub.id]);
    expect((await get(`/CarDetails/${own}`, { key })).status).toBe(200);

    await cli(dataDir(), ["subscription", "revoke-calculation", sub.id]);
    expect((await calc()).status).toBe(401);
    expect((await get(`/GetTaxMatrix?id=${own}`, { key })).status).toBe(401);
    expect((await get(`/CarDetails/${own}`, { key })).status).toBe(200);
    await cli(dataDir(), ["subscription", "grant-calculation", sub.id]);
    expect((await calc()).status).toBe(200);
  });

  it("subscription list never prints a key", async () => {
    const { runCli } = await import("./cli.ts");
    const listed = await runCli(dataDir(), ["subscription", "list"]);
    expect(listed.code).toBe(0);
    const list = JSON.parse(listed.stdout) as Record<string, unknown>[];
    expect(list.some((s) => s.id === subs().main.id)).toBe(true);
    expect(listed.stdout).not.toContain(subs().main.primaryKey);
    expect(listed.stdout).not.toContain(subs().main.secondaryKey);
    expect(listed.stdout).not.toMatch(/ctx_(acc|prd)_[A-Za-z0-9]{43}/);
  });
});
