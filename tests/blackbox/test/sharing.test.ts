/**
 * Spec "GET {base_url}/PublicLink", "POST {base_url}/Qr", "QrRequest", Authentication 10;
 * docs/contract.md "Sharing: public links and pages", "The QR image".
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { bb, call, createCar, expectProblem, petrolCar } from "./helpers";

let carId: string;

beforeAll(async () => {
  carId = await createCar(petrolCar({ name: "Shared Blackbox Car" }));
});

function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.slice(0, 8)]).toEqual(signature);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(new TextDecoder().decode(bytes.slice(12, 16))).toBe("IHDR");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("GET /PublicLink", () => {
  it("200 with the public URI in Location (and url in the body), stable across calls, not revealing the id", async () => {
    const first = await call("GET", "/PublicLink", { query: { cardetailid: carId } });
    expect(first.status, first.text).toBe(200);
    const location = first.headers.get("location") ?? "";
    expect(location).toMatch(
      new RegExp(`^${bb.origin.replace("127.0.0.1", "(127\\.0\\.0\\.1|localhost)")}/p/[^/]+$`),
    );
    expect(location).not.toContain(carId);
    if (first.json && "url" in first.json) expect(first.json.url).toBe(location);
    const second = await call("GET", "/PublicLink", { query: { cardetailid: carId } });
    expect(second.headers.get("location")).toBe(location);
    const sameAccount = await call("GET", "/PublicLink", {
      query: { cardetailid: carId },
      key: bb.noCalc.primaryKey,
    });
    expect(sameAccount.headers.get("location")).toBe(location);
  });

  it("the public page opens without a key, names the car, is noindex, and follows ?lang=", async () => {
    const link = await call("GET", "/PublicLink", { query: { cardetailid: carId } });
    const path = new URL(link.headers.get("location") ?? "").pathname;
    const nl = await fetch(`${bb.origin}${path}?lang=nl`);
    expect(nl.status).toBe(200);
    expect(nl.headers.get("content-type") ?? "").toMatch(/text\/html/);
    const nlHtml = await nl.text();
    expect(nlHtml).toContain("Shared Blackbox Car");
    expect(nlHtml.toLowerCase()).toContain("noindex");
    expect(nlHtml).not.toContain(bb.main.ownerId);
    const fr = await (await fetch(`${bb.origin}${path}?lang=fr`)).text();
    expect(fr).not.toBe(nlHtml);
  });

  it("the public page shows each region's registration and road tax of today's matrix, self-contained, with Open Graph tags", async () => {
    const link = await call("GET", "/PublicLink", { query: { cardetailid: carId } });
    const path = new URL(link.headers.get("location") ?? "").pathname;
    const html = await (await fetch(`${bb.origin}${path}?lang=en`)).text();
    const matrix = await call("GET", "/GetTaxMatrix", { query: { id: carId } });
    expect(matrix.status).toBe(200);
    // README: "the registration tax and yearly road tax in each region for a company car registered today".
    const row = (
      matrix.json.rows as Array<{
        status: string;
        registrationOn: string;
        regions: Array<{ region: string; roadTax: number | null; yearlyTax: number | null }>;
      }>
    ).find((r) => r.status === "SelfEmployed" && r.registrationOn === "CompanyRegistration");
    const money = (n: number) =>
      `${new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)} €`;
    for (const entry of row?.regions ?? []) {
      for (const amount of [entry.roadTax, entry.yearlyTax]) {
        if (amount !== null) expect(html, `${entry.region} ${amount}`).toContain(money(amount));
      }
    }
    expect(html).toMatch(/<meta property="og:title"/);
    expect(html).toMatch(/<meta property="og:url"/);
    // Self-contained: no external scripts, stylesheets, images, fonts or imports.
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[^>]+rel="?stylesheet/i);
    expect(html).not.toMatch(/<img[^>]+src="?https?:/i);
    expect(html).not.toMatch(/url\(\s*['"]?https?:/i);
    expect(html).not.toMatch(/@import/i);
  });

  it("the public page follows Accept-Language when ?lang= is absent", async () => {
    const link = await call("GET", "/PublicLink", { query: { cardetailid: carId } });
    const url = `${bb.origin}${new URL(link.headers.get("location") ?? "").pathname}`;
    const fr = await (await fetch(url, { headers: { "Accept-Language": "fr-BE,fr;q=0.9" } })).text();
    const nl = await (await fetch(url, { headers: { "Accept-Language": "nl-BE" } })).text();
    expect(fr).toMatch(/<html[^>]+lang="fr/);
    expect(nl).toMatch(/<html[^>]+lang="nl/);
  });

  it("an unknown token of the public page is 404", async () => {
    const res = await fetch(`${bb.origin}/p/${"0".repeat(22)}`);
    expect(res.status).toBe(404);
  });

  it("unknown id and another account's id are 404; a missing cardetailid is 400", async () => {
    expectProblem(
      await call("GET", "/PublicLink", { query: { cardetailid: randomUUID() } }),
      404,
      "not_found",
    );
    expectProblem(
      await call("GET", "/PublicLink", { query: { cardetailid: carId }, key: bb.other.primaryKey }),
      404,
      "not_found",
    );
    expectProblem(await call("GET", "/PublicLink"), 400, "validation_error");
  });
});

describe("POST /Qr", () => {
  it("201 with Location of a PNG that opens without a key, 500 × 750 by default", async () => {
    const answer = await call("POST", "/Qr", { body: { carDetailId: carId } });
    expect(answer.status, answer.text).toBe(201);
    const location = answer.headers.get("location") ?? "";
    expect(location).toMatch(/\/v1\/Qr\/[^/]+\.png$/);
    const image = await fetch(location.replace(/^http:\/\/localhost:/, "http://127.0.0.1:"));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\/png/);
    expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: 500, height: 750 });
  });

  it("qrCodeWidth × qrCodeHeight is the exact image size; parameter order does not matter", async () => {
    const answer = await call("POST", "/Qr", {
      body: {
        captionLine2: "second",
        qrCodeHeight: 420,
        captionLine1: "first",
        captionColor: "ff0000",
        captionTextSize: 14,
        qrCodeWidth: 320,
        carDetailId: carId,
      },
    });
    expect(answer.status, answer.text).toBe(201);
    const image = await fetch((answer.headers.get("location") ?? "").replace("//localhost:", "//127.0.0.1:"));
    expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: 320, height: 420 });
  });

  it("invalid optional values fall back to their defaults (spec QrRequest)", async () => {
    const answer = await call("POST", "/Qr", {
      body: {
        carDetailId: carId,
        qrCodeWidth: "wide",
        qrCodeHeight: -3,
        captionColor: "not-a-colour",
        captionTextSize: "big",
        logoPath: "../../../etc/passwd",
        topLogoPath: "/etc/hostname",
      },
    });
    expect(answer.status, answer.text).toBe(201);
    const image = await fetch((answer.headers.get("location") ?? "").replace("//localhost:", "//127.0.0.1:"));
    expect(image.status).toBe(200);
    expect(pngSize(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: 500, height: 750 });
  });

  it("captionLine2 is used only with captionLine1; invalid values render exactly like omitted ones", async () => {
    const png = async (body: Record<string, unknown>) => {
      const answer = await call("POST", "/Qr", {
        body: { carDetailId: carId, qrCodeWidth: 300, qrCodeHeight: 400, ...body },
      });
      expect(answer.status, answer.text).toBe(201);
      const image = await fetch(
        (answer.headers.get("location") ?? "").replace("//localhost:", "//127.0.0.1:"),
      );
      return Buffer.from(await image.arrayBuffer()).toString("base64");
    };
    const plain = await png({});
    // Spec QrRequest.captionLine2: "Used only when captionLine1 is also set."
    expect(await png({ captionLine2: "only the second line" })).toBe(plain);
    // Spec QrRequest: "Invalid or omitted optional values fall back to their default."
    expect(await png({ captionColor: "zzzzzz", captionTextSize: "huge", topLogoWidth: "x" })).toBe(plain);
    expect(await png({ captionColor: "000000", captionTextSize: 20, logoPath: "Service_QR_Code" })).toBe(
      plain,
    );
    // A caption does change the image.
    expect(await png({ captionLine1: "first line" })).not.toBe(plain);
  });

  it("unknown and another account's carDetailId are 404", async () => {
    expectProblem(await call("POST", "/Qr", { body: { carDetailId: randomUUID() } }), 404, "not_found");
    expectProblem(
      await call("POST", "/Qr", { body: { carDetailId: carId }, key: bb.other.primaryKey }),
      404,
      "not_found",
    );
  });

  it("a missing or malformed carDetailId is a 400 problem, not a 5xx", async () => {
    expectProblem(await call("POST", "/Qr", { body: {} }), 400, "validation_error");
    expectProblem(await call("POST", "/Qr", { body: { carDetailId: "abc" } }), 400, "validation_error");
  });

  it("an unknown image token is 404", async () => {
    const res = await fetch(`${bb.baseUrl}/Qr/${"a".repeat(22)}.png`);
    expect(res.status).toBe(404);
  });
});
