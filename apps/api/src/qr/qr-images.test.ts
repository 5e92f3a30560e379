import { openStorage, type Storage } from "@cartax/storage";
import { type FreshDatabase, testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QrImages } from "./qr-images";
import { RenderQueueFullError } from "./render-queue";

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())("QrImages on $dialect", (db) => {
  let database: FreshDatabase;
  let storage: Storage;
  beforeAll(async () => {
    if (!db.available) return;
    database = await db.create();
    storage = await openStorage({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });
  afterAll(async () => {
    if (!db.available) return;
    await storage.close();
    await database.cleanup();
  });

  /** QrImages whose composing and rendering are counted (the PNG is the SVG's bytes). */
  function counted(limits = { concurrency: 2, queueLimit: 4 }) {
    const counts = { composed: 0, rendered: 0, reused: 0, refused: 0 };
    const images = new QrImages(
      storage,
      DAY,
      limits,
      {
        rendered: () => counts.rendered++,
        reused: () => counts.reused++,
        refused: () => counts.refused++,
      },
      async (svg) => Buffer.from(svg),
    );
    const compose = (svg: string) => async () => {
      counts.composed++;
      return svg;
    };
    return { images, counts, compose };
  }

  describe.skipIf(!db.available)("", () => {
    it("answers a request key seen before from the store, without composing or rendering", async () => {
      const { images, counts, compose } = counted();
      const first = await images.tokenFor("key-1", compose("<svg>one</svg>"));
      const again = await images.tokenFor("key-1", compose("<svg>one</svg>"));
      expect(again).toBe(first);
      expect(counts).toEqual({ composed: 1, rendered: 1, reused: 1, refused: 0 });
      expect((await storage.qr.getImage(first))?.toString()).toBe("<svg>one</svg>");
      // Another process (a restart, another instance) finds it too: the key is stored.
      const other = counted();
      expect(await other.images.tokenFor("key-1", other.compose("<svg>one</svg>"))).toBe(first);
      expect(other.counts.composed).toBe(0);
    });

    it("shares one render between identical requests arriving together", async () => {
      const { images, counts, compose } = counted();
      const tokens = await Promise.all(
        [1, 2, 3].map(() => images.tokenFor("key-2", compose("<svg>two</svg>"))),
      );
      expect(new Set(tokens).size).toBe(1);
      expect(counts.composed).toBe(1);
      expect(counts.rendered).toBe(1);
    });

    it("reuses the image of the same drawing asked for by another request key, without rendering", async () => {
      const { images, counts, compose } = counted();
      const first = await images.tokenFor("key-3a", compose("<svg>three</svg>"));
      const second = await images.tokenFor("key-3b", compose("<svg>three</svg>"));
      expect(second).toBe(first);
      expect(counts).toMatchObject({ composed: 2, rendered: 1, reused: 1 });
      const third = await images.tokenFor("key-3c", compose("<svg>other</svg>"));
      expect(third).not.toBe(first);
      expect(counts.rendered).toBe(2);
    });

    it("refuses before composing when every slot is busy and the queue full", async () => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const counts = { composed: 0, refused: 0 };
      const images = new QrImages(
        storage,
        DAY,
        { concurrency: 1, queueLimit: 0 },
        {
          refused: () => counts.refused++,
        },
        async (svg) => {
          await held;
          return Buffer.from(svg);
        },
      );
      const compose = (svg: string) => async () => {
        counts.composed++;
        return svg;
      };
      const busy = images.tokenFor("key-4a", compose("<svg>four</svg>"));
      // The look-up in the store comes first; wait until the render holds the slot.
      while (images.load.running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await expect(images.tokenFor("key-4b", compose("<svg>five</svg>"))).rejects.toBeInstanceOf(
        RenderQueueFullError,
      );
      expect(counts).toEqual({ composed: 1, refused: 1 });
      release();
      expect(await busy).toMatch(/^[\w-]{22}$/);
    });

    it("extends a reused image's lifetime to at least a full one, writing at most once a minute", async () => {
      const { images } = counted();
      const token = await images.tokenFor("key-5", async () => "<svg>five</svg>");
      const expiry = async () =>
        (
          await storage.db
            .selectFrom("qr_images")
            .select("expires_at")
            .where("token", "=", token)
            .executeTakeFirstOrThrow()
        ).expires_at;
      const set = (iso: string) =>
        storage.db.updateTable("qr_images").set({ expires_at: iso }).where("token", "=", token).execute();
      // Less than a full lifetime left: moved to a full lifetime from now, plus up to a minute.
      await set(new Date(Date.now() + DAY - 3_600_000).toISOString());
      const before = Date.now();
      expect(await storage.qr.reuseImageOfRequest("key-5", DAY)).toBe(token);
      const extended = Date.parse(await expiry());
      expect(extended).toBeGreaterThanOrEqual(before + DAY);
      expect(extended).toBeLessThanOrEqual(Date.now() + DAY + 60_000);
      // More than a full lifetime left: no write.
      const far = new Date(Date.now() + DAY + 30_000).toISOString();
      await set(far);
      expect(await storage.qr.reuseImageOfRequest("key-5", DAY)).toBe(token);
      expect(await expiry()).toBe(far);
      // Expired: not reused.
      await set(new Date(Date.now() - 1000).toISOString());
      expect(await storage.qr.reuseImageOfRequest("key-5", DAY)).toBeUndefined();
    });
  });
});
