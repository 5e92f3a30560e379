import { renderPng } from "@cartax/qr";
import { testDatabases } from "@cartax/storage/testing";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petrolCar } from "../../testing/fixtures";
import { call, readJson, startTestService, type TestService } from "../../testing/test-service";

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

    it("answers a portrait size it cannot honour with the nearest portrait one, and says so (issue 31)", async () => {
      const create = (body: Record<string, unknown>) =>
        call(`${service.base}/Qr`, key, { body: { carDetailId: carId, ...body } });
      const portrait = await create({ qrCodeWidth: 200, qrCodeHeight: 400 });
      expect(portrait.status).toBe(201);
      expect(portrait.headers.get("cartax-qr-size")).toBe("230x400");
      expect(portrait.headers.get("cartax-qr-size-adjusted")).toBe(
        "qrCodeWidth;answered=230;requested=200;rule=min",
      );
      const png = decode(
        Buffer.from(await (await fetch(local(portrait.headers.get("location") ?? ""))).arrayBuffer()),
      );
      expect([png.width, png.height]).toEqual([230, 400]);
      const tall = await create({ qrCodeWidth: 1000, qrCodeHeight: 5000 });
      expect(tall.headers.get("cartax-qr-size")).toBe("1000x4000");
      expect(tall.headers.get("cartax-qr-size-adjusted")).toBe(
        "qrCodeHeight;answered=4000;requested=5000;rule=max",
      );
      // An invalid side takes its default, and the answer says that too.
      const invalid = await create({ qrCodeWidth: "narrow", qrCodeHeight: 400 });
      expect(invalid.headers.get("cartax-qr-size")).toBe("500x400");
      expect(invalid.headers.get("cartax-qr-size-adjusted")).toBe("qrCodeWidth;answered=500;rule=invalid");
      // Honoured as asked: no adjustment header.
      const exact = await create({ qrCodeWidth: 300, qrCodeHeight: 400 });
      expect(exact.headers.get("cartax-qr-size")).toBe("300x400");
      expect(exact.headers.has("cartax-qr-size-adjusted")).toBe(false);
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

    it("draws a logo replaced under the same name, never the image of the logo before", async () => {
      const post = (logoPath: string) =>
        call(`${service.base}/Qr`, key, { body: { carDetailId: carId, logoPath, captionLine1: "Replaced" } });
      const square = (fill: string) =>
        service.server.service.storage.qr.putLogo({
          name: "changing",
          contentType: "image/svg+xml",
          data: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="${fill}"/></svg>`,
          ),
        });
      await square("#c00");
      const red = (await post("changing")).headers.get("location");
      expect((await post("changing")).headers.get("location")).toBe(red);
      // The operator replaces it (a later time stamp).
      await new Promise((resolve) => setTimeout(resolve, 5));
      await square("#00c");
      const blue = (await post("changing")).headers.get("location");
      expect(blue).not.toBe(red);
      const png = async (l: string | null) => Buffer.from(await (await fetch(local(l ?? ""))).arrayBuffer());
      expect((await png(red)).equals(await png(blue))).toBe(false);
      // An unknown name is the default logo: the same image as no name at all.
      const plain = (await post("Service_QR_Code")).headers.get("location");
      expect((await post("no-such-logo")).headers.get("location")).toBe(plain);
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
      // Too small to scan: the nearest side that scans (issue 31), said in Cartax-Qr-Size-Adjusted.
      const tiny = decode(await render({ qrCodeWidth: 60, qrCodeHeight: 60 }));
      expect([tiny.width, tiny.height]).toEqual([230, 230]);
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

    it("answers a second identical QrRequest with the same image, without rendering it again", async () => {
      const metric = async (name: string) => {
        const text = await (await fetch(`${service.server.url}/metrics`)).text();
        return Number(text.match(new RegExp(`^${name} (\\d+)$`, "m"))?.[1] ?? Number.NaN);
      };
      const post = (body: Record<string, unknown>) =>
        call(`${service.base}/Qr`, key, { body: { carDetailId: carId, ...body } });
      const body = {
        captionLine1: "Same card",
        captionColor: "#336699",
        qrCodeWidth: 420,
        qrCodeHeight: 640,
      };
      const rendersBefore = await metric("cartax_qr_renders_total");
      const reusedBefore = await metric("cartax_qr_images_reused_total");
      const first = await post(body);
      expect(first.status).toBe(201);
      expect(await metric("cartax_qr_renders_total")).toBe(rendersBefore + 1);
      // Same card written another way (key order, a colour without #): the same drawing, the same image.
      const second = await post({
        qrCodeHeight: 640,
        qrCodeWidth: 420,
        captionColor: "336699",
        captionLine1: "Same card",
      });
      expect(second.status).toBe(201);
      expect(second.headers.get("location")).toBe(first.headers.get("location"));
      expect(await metric("cartax_qr_renders_total")).toBe(rendersBefore + 1);
      expect(await metric("cartax_qr_images_reused_total")).toBe(reusedBefore + 1);
      const image = await fetch(local(second.headers.get("location") ?? ""));
      expect(decode(Buffer.from(await image.arrayBuffer())).text).toMatch(/\/p\//);
      // Another caption is another card: rendered, with its own image.
      const other = await post({ ...body, captionLine1: "Other card" });
      expect(other.headers.get("location")).not.toBe(first.headers.get("location"));
      expect(await metric("cartax_qr_renders_total")).toBe(rendersBefore + 2);
    });

    it("renders again once the identical image has expired; reuse extends a live image's lifetime", async () => {
      const storage = service.server.service.storage;
      const body = { carDetailId: carId, captionLine1: "Lifetime" };
      const first = (await call(`${service.base}/Qr`, key, { body })).headers.get("location") ?? "";
      const token = first.slice(first.lastIndexOf("/") + 1, -4);
      const expiry = async () =>
        (
          await storage.db
            .selectFrom("qr_images")
            .select("expires_at")
            .where("token", "=", token)
            .executeTakeFirstOrThrow()
        ).expires_at;
      // An hour older: a reuse moves its end 24 hours after the reuse.
      const earlier = new Date(Date.parse(await expiry()) - 3_600_000).toISOString();
      await storage.db
        .updateTable("qr_images")
        .set({ expires_at: earlier })
        .where("token", "=", token)
        .execute();
      expect((await call(`${service.base}/Qr`, key, { body })).headers.get("location")).toBe(first);
      expect(Date.parse(await expiry())).toBeGreaterThan(Date.parse(earlier) + 3_000_000);
      // Expired: never handed out again; a new image is rendered.
      await storage.db
        .updateTable("qr_images")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("token", "=", token)
        .execute();
      const again = (await call(`${service.base}/Qr`, key, { body })).headers.get("location");
      expect(again).not.toBe(first);
      expect((await fetch(local(again ?? ""))).status).toBe(200);
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

describe("bounded rendering (CARTAX_QR_RENDER_CONCURRENCY, CARTAX_QR_QUEUE_LIMIT)", () => {
  it("answers 503 with Retry-After as a problem past the slots and the queue, creates nothing then, and 201 again after", async () => {
    const [sqlite] = testDatabases();
    if (!sqlite?.available) return;
    // Renders wait until released, so that the slot and the queue are full for sure.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const service = await startTestService(sqlite, {
      // A long wait budget: the held render must not make the waiting one late (a slow machine).
      qrRenders: { concurrency: 1, queueLimit: 1, waitBudgetMs: 120_000 },
      qrRender: async (svg) => {
        await released;
        return renderPng(svg);
      },
    });
    try {
      const { primaryKey } = await service.subscribe();
      const { id } = await readJson(await call(`${service.base}/CarDetails`, primaryKey, { body: car }));
      const post = (i: number) =>
        call(`${service.base}/Qr`, primaryKey, { body: { carDetailId: id, captionLine1: `Card ${i}` } });
      const metrics = async () => (await fetch(`${service.server.url}/metrics`)).text();
      const rendering = post(1);
      const waiting = post(2);
      for (let i = 0; i < 200; i++) {
        const text = await metrics();
        if (text.includes("cartax_qr_renders_running 1") && text.includes("cartax_qr_renders_queued 1"))
          break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const busy = await post(3);
      expect(busy.status).toBe(503);
      expect(busy.headers.get("content-type")).toBe("application/problem+json");
      expect(Number(busy.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(busy.headers.get("location")).toBeNull();
      expect(await readJson(busy)).toMatchObject({
        status: 503,
        code: "service_unavailable",
        type: "/problems/service-unavailable",
      });
      // An identical request to one already rendering shares it rather than being refused.
      const same = post(1);
      release();
      expect((await Promise.all([rendering, waiting, same])).map((r) => r.status)).toEqual([201, 201, 201]);
      expect((await same).headers.get("location")).toBe((await rendering).headers.get("location"));
      const images = await service.server.service.storage.db
        .selectFrom("qr_images")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(images.n)).toBe(2);
      expect(await metrics()).toMatch(/^cartax_qr_renders_refused_total 1$/m);
      // Room again once the renders are done.
      expect((await post(3)).status).toBe(201);
    } finally {
      release();
      await service.stop();
    }
  }, 60_000);
});

describe("rendering does not block the event loop", () => {
  it("answers other requests while large QR images render", async () => {
    const [sqlite] = testDatabases();
    if (!sqlite) return;
    // Four renders of a few seconds each: a wait budget long enough that none is refused.
    const service = await startTestService(sqlite, {
      qrRenders: { concurrency: 2, queueLimit: 16, waitBudgetMs: 120_000 },
    });
    try {
      const { primaryKey } = await service.subscribe();
      const { id } = await readJson(await call(`${service.base}/CarDetails`, primaryKey, { body: car }));
      let qrDone = 0;
      // Four different cards (an identical one would share the render).
      const renders = Array.from({ length: 4 }, (_, i) =>
        call(`${service.base}/Qr`, primaryKey, {
          body: { carDetailId: id, qrCodeWidth: 4000, qrCodeHeight: 4000, captionLine1: `Card ${i}` },
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
