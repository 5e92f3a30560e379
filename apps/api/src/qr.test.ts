import { testDatabases } from "@cartax/storage/testing";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petrolCar } from "./testing/fixtures";
import { call, readJson, startTestService, type TestService } from "./testing/test-service";

const car = { name: "Compact", ...petrolCar };

function decode(png: Buffer) {
  const image = PNG.sync.read(png);
  const text = jsQR(
    new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    image.width,
    image.height,
  )?.data;
  return { width: image.width, height: image.height, text };
}

describe.each(testDatabases())("POST /v1/Qr on $dialect", (db) => {
  let service: TestService;
  let key: string;
  let carId: string;
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    key = (await service.subscribe()).primaryKey;
    carId = (await readJson(await call(`${service.base}/CarDetails`, key, { body: car }))).id;
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });
  const local = (location: string) => location.replace("https://api.cartax.test", service.server.url);

  describe.skipIf(!db.available)("", () => {
    it("201 with the image's Location; the image needs no key, has the exact size and scans to the public link", async () => {
      const response = await call(`${service.base}/Qr`, key, {
        body: {
          carDetailId: carId,
          captionLine1: "Compact",
          captionLine2: "Scan me",
          qrCodeWidth: 400,
          qrCodeHeight: 600,
        },
      });
      expect(response.status).toBe(201);
      const location = response.headers.get("location") ?? "";
      expect(location).toMatch(/^https:\/\/api\.cartax\.test\/v1\/Qr\/[\w-]{22}\.png$/);
      const image = await fetch(local(location));
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      const decoded = decode(Buffer.from(await image.arrayBuffer()));
      expect([decoded.width, decoded.height]).toEqual([400, 600]);
      const publicLink = (await call(`${service.base}/PublicLink?cardetailid=${carId}`, key)).headers.get(
        "location",
      );
      expect(decoded.text).toBe(publicLink);
    });

    it("falls back to the defaults for invalid or omitted values, in any order", async () => {
      const response = await call(`${service.base}/Qr`, key, {
        body: {
          qrCodeHeight: "tall",
          captionColor: "#zz",
          logoPath: "../../etc/passwd",
          topLogoPath: "http://169.254.169.254/",
          qrCodeWidth: -1,
          carDetailId: carId,
        },
      });
      expect(response.status).toBe(201);
      const png = Buffer.from(
        await (await fetch(local(response.headers.get("location") ?? ""))).arrayBuffer(),
      );
      const decoded = decode(png);
      expect([decoded.width, decoded.height]).toEqual([500, 750]);
      expect(decoded.text).toMatch(/^https:\/\/api\.cartax\.test\/p\//);
    });

    it("uses a logo of the store by name; an unknown name gives the default logo", async () => {
      const render = async (extra: Record<string, unknown>) => {
        const response = await call(`${service.base}/Qr`, key, { body: { carDetailId: carId, ...extra } });
        return Buffer.from(await (await fetch(local(response.headers.get("location") ?? ""))).arrayBuffer());
      };
      await service.server.service.storage.qr.putLogo({
        name: "acme",
        contentType: "image/svg+xml",
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#c00"/></svg>',
        ),
      });
      const plain = await render({});
      const unknown = await render({ logoPath: "no-such-logo" });
      const acme = await render({ logoPath: "acme", topLogoPath: "acme" });
      expect(unknown.equals(plain)).toBe(true);
      expect(acme.equals(plain)).toBe(false);
      expect(decode(acme).text).toMatch(/\/p\//);
    });

    it("takes the built-in logo's name as topLogoPath; a too small size or a #colour is handled, never 201 with an unreadable image", async () => {
      const render = async (extra: Record<string, unknown>) => {
        const response = await call(`${service.base}/Qr`, key, { body: { carDetailId: carId, ...extra } });
        expect(response.status).toBe(201);
        return Buffer.from(await (await fetch(local(response.headers.get("location") ?? ""))).arrayBuffer());
      };
      const plain = await render({});
      const withTop = await render({ topLogoPath: "Service_QR_Code" });
      expect(withTop.equals(plain)).toBe(false);
      expect(decode(withTop).text).toMatch(/\/p\//);
      const tiny = decode(await render({ qrCodeWidth: 60, qrCodeHeight: 60 }));
      expect([tiny.width, tiny.height]).toEqual([500, 750]);
      expect(tiny.text).toMatch(/\/p\//);
      const hashed = await render({ captionLine1: "Red", captionColor: "#cc0000" });
      const bare = await render({ captionLine1: "Red", captionColor: "cc0000" });
      expect(hashed.equals(bare)).toBe(true);
    });

    it("404 for an unknown or another account's car, 401 without a key, 400 without carDetailId", async () => {
      expect(
        (
          await call(`${service.base}/Qr`, key, {
            body: { carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6" },
          })
        ).status,
      ).toBe(404);
      const other = await service.subscribe();
      expect(
        (await call(`${service.base}/Qr`, other.primaryKey, { body: { carDetailId: carId } })).status,
      ).toBe(404);
      expect((await call(`${service.base}/Qr`, undefined, { body: { carDetailId: carId } })).status).toBe(
        401,
      );
      const missing = await call(`${service.base}/Qr`, key, { body: { captionLine1: "x" } });
      expect(missing.status).toBe(400);
      expect((await readJson(missing)).errors[0]).toMatchObject({ field: "carDetailId", rule: "required" });
    });

    it("an expired image answers 404 and the sweep removes it", async () => {
      const storage = service.server.service.storage;
      const token = await storage.qr.putImage(Buffer.from("png"), -1000);
      expect((await fetch(`${service.server.url}/v1/Qr/${token}.png`)).status).toBe(404);
      expect(await storage.qr.sweep()).toBeGreaterThanOrEqual(1);
      const rows = await storage.db
        .selectFrom("qr_images")
        .select("token")
        .where("token", "=", token)
        .execute();
      expect(rows).toEqual([]);
      expect((await fetch(`${service.server.url}/v1/Qr/nope.png`)).status).toBe(404);
    });
  });
});

describe("rendering does not block the event loop", () => {
  it("answers other requests while large QR images render", async () => {
    const [sqlite] = testDatabases();
    if (!sqlite) return;
    const service = await startTestService(sqlite);
    try {
      const { primaryKey } = await service.subscribe();
      const { id } = await readJson(await call(`${service.base}/CarDetails`, primaryKey, { body: car }));
      let qrDone = 0;
      const renders = Array.from({ length: 4 }, () =>
        call(`${service.base}/Qr`, primaryKey, {
          body: { carDetailId: id, qrCodeWidth: 4000, qrCodeHeight: 4000 },
        }).then((r) => {
          qrDone = performance.now();
          return r.status;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 30));
      const answered: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${service.server.url}/health`);
        expect(response.status).toBe(200);
        answered.push(performance.now());
      }
      expect(await Promise.all(renders)).toEqual([201, 201, 201, 201]);
      // Health checks were answered before the renders finished: the loop stayed free.
      expect(Math.max(...answered)).toBeLessThan(qrDone);
    } finally {
      await service.stop();
    }
  });
});
