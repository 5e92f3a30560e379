import http from "node:http";
import zlib from "node:zlib";
import { testDatabases } from "@cartax/storage/testing";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculationRequest, petrolCar } from "../testing/fixtures";
import { startTestService, type TestService } from "../testing/test-service";
import { compression, negotiateEncoding } from "./compression";

interface RawAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire. */
  readonly body: Buffer;
  /** The body decoded as its Content-Encoding says. */
  readonly text: string;
}

/** A request with exactly the headers given (fetch would add and undo its own Accept-Encoding). */
function raw(url: string, init: { method?: string; body?: string; headers?: Record<string, string> }) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET", headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const decoded =
          encoding === "br"
            ? zlib.brotliDecompressSync(body)
            : encoding === "gzip"
              ? zlib.gunzipSync(body)
              : body;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          text: decoded.toString("utf8"),
        });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

describe("negotiateEncoding", () => {
  it("takes the accepted encoding of highest quality, gzip on a tie, none when neither is acceptable", () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding("")).toBeUndefined();
    expect(negotiateEncoding("identity")).toBeUndefined();
    expect(negotiateEncoding("deflate")).toBeUndefined();
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("gzip, deflate, br")).toBe("gzip");
    expect(negotiateEncoding("br")).toBe("br");
    expect(negotiateEncoding("gzip;q=0.5, br")).toBe("br");
    expect(negotiateEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(negotiateEncoding("*")).toBe("gzip");
    expect(negotiateEncoding("*;q=0.2, gzip;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("GZIP")).toBe("gzip");
  });
});

describe("compression middleware", () => {
  it("does not read the body of an answer it will not compress", async () => {
    // Reading an answer's body makes @hono/node-server write it through a web stream (one writev
    // per chunk) instead of whole: a GET CarDetails cost 1.5× its CPU time when every answer went
    // that way (bench/README.md, fast paths).
    const read: string[] = [];
    const app = new Hono();
    app.use(compression);
    app.use(async (c, next) => {
      await next();
      // The answer itself watched (setting c.res anew would make Hono copy it, body and all).
      const res = c.res;
      const body = Object.getOwnPropertyDescriptor(Response.prototype, "body")?.get;
      Object.defineProperty(res, "body", {
        get() {
          read.push("body");
          return body?.call(res);
        },
      });
      for (const method of ["arrayBuffer", "text"] as const) {
        const original = res[method].bind(res);
        Object.defineProperty(res, method, {
          value: () => {
            read.push(method);
            return original();
          },
        });
      }
    });
    app.get("/big", (c) => c.json({ text: "x".repeat(4096) }));
    const asked: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "deflate" },
    ];
    for (const headers of asked) {
      const answer = await app.request("/big", { headers });
      expect(answer.headers.get("content-encoding")).toBeNull();
      expect(answer.headers.get("vary")).toMatch(/accept-encoding/i);
    }
    expect(read).toEqual([]);
    const compressed = await app.request("/big", { headers: { "accept-encoding": "gzip" } });
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    expect(read.length).toBeGreaterThan(0);
  });
});

describe.each(testDatabases())("compressed answers on $dialect", (db) => {
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

  const calculate = (acceptEncoding?: string, query = "") =>
    raw(`${service.base}/Calculate?subscription-key=${key}${query}`, {
      method: "POST",
      body: JSON.stringify(calculationRequest),
      headers: {
        "content-type": "application/json",
        ...(acceptEncoding !== undefined ? { "accept-encoding": acceptEncoding } : {}),
      },
    });

  describe.skipIf(!db.available)("", () => {
    it("compresses Calculate with gzip or br as accepted, says Vary: Accept-Encoding, and sends the same JSON", async () => {
      const plain = await calculate();
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      const lines = (text: string) => JSON.parse(text).lines;
      for (const [accepted, expected] of [
        ["gzip", "gzip"],
        ["gzip, deflate, br", "gzip"],
        ["br", "br"],
        ["br;q=0.4, gzip;q=0.8", "gzip"],
      ] as const) {
        const answer = await calculate(accepted);
        expect(answer.status).toBe(200);
        expect(answer.headers["content-encoding"], accepted).toBe(expected);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.body.byteLength).toBeLessThan(Buffer.byteLength(answer.text) / 2);
        expect(Number(answer.headers["content-length"] ?? answer.body.byteLength)).toBe(
          answer.body.byteLength,
        );
        expect(lines(answer.text)).toEqual(lines(plain.text));
      }
      expect((await calculate("identity")).headers["content-encoding"]).toBeUndefined();
    });

    it("leaves answers under 1 KB and images as they are", async () => {
      const missing = await raw(
        `${service.base}/CarDetails/3fa85f64-5717-4562-b3fc-2c963f66afa6?subscription-key=${key}`,
        {
          headers: { "accept-encoding": "gzip, br" },
        },
      );
      expect(missing.status).toBe(404);
      expect(missing.body.byteLength).toBeLessThan(1024);
      expect(missing.headers["content-encoding"]).toBeUndefined();
      expect(JSON.parse(missing.text).code).toBe("not_found");
    });

    it("compresses the batch's NDJSON stream line by line and the Compare CSV", async () => {
      const lines = Array.from({ length: 40 }, (_, i) =>
        JSON.stringify({
          ...calculationRequest,
          carDetail: { ...petrolCar, catalogPrice: 30_000 + 100 * i },
        }),
      );
      for (const encoding of ["gzip", "br"]) {
        const batch = await raw(`${service.base}/Calculate/batch?subscription-key=${key}`, {
          method: "POST",
          body: `${lines.join("\n")}\n`,
          headers: { "content-type": "application/x-ndjson", "accept-encoding": encoding },
        });
        expect(batch.status).toBe(200);
        expect(batch.headers["content-encoding"]).toBe(encoding);
        const answers = batch.text
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line));
        expect(answers).toHaveLength(40);
        expect(answers.every((a) => typeof a.calculationId === "string")).toBe(true);
      }
      const csv = await raw(`${service.base}/Compare?subscription-key=${key}`, {
        method: "POST",
        body: JSON.stringify({
          cars: [{ carDetail: petrolCar }, { carDetail: { ...petrolCar, catalogPrice: 50_000 } }],
          userProfile: calculationRequest.userProfile,
          options: { registrationDate: "2025-03-01", years: 10 },
        }),
        headers: { "content-type": "application/json", accept: "text/csv", "accept-encoding": "gzip" },
      });
      expect(csv.status).toBe(200);
      expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
      expect(csv.headers["content-encoding"]).toBe("gzip");
      expect(csv.headers.vary).toMatch(/accept-encoding/i);
      expect(csv.text.split("\n")[0]).toMatch(/carDetailId,name,/);
    });

    it("sends a batch's first answers before the last line of the body is sent (compression holds nothing back)", async () => {
      const url = new URL(`${service.base}/Calculate/batch?subscription-key=${key}`);
      const first = await new Promise<string>((resolve, reject) => {
        const request = http.request(url, {
          method: "POST",
          headers: { "content-type": "application/x-ndjson", "accept-encoding": "gzip" },
        });
        request.on("response", (response) => {
          const gunzip = zlib.createGunzip();
          let text = "";
          gunzip.on("data", (chunk: Buffer) => {
            text += chunk.toString("utf8");
            if (text.includes("\n")) {
              resolve(text.split("\n")[0] as string);
              request.destroy();
            }
          });
          response.pipe(gunzip);
        });
        request.on("error", (error) => {
          if (!String(error).includes("socket hang up")) reject(error);
        });
        // One line, and the body left open: the answer must come all the same.
        request.write(`${JSON.stringify(calculationRequest)}\n`);
      });
      expect(JSON.parse(first).calculationId).toEqual(expect.any(String));
    });
  });
});
