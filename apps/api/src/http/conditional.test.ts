import { createHash } from "node:crypto";
import { testDatabases } from "@cartax/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculationRequest } from "../testing/fixtures";
import { compareRequest } from "../testing/saved-comparison";
import { call, readJson, startTestService, type TestService } from "../testing/test-service";
import { parseTagList, strongMatch, weakMatch } from "./conditional";

/** docs/contract.md, Conditional requests: the SHA-256 of the bytes before any coding, base64url. */
const hashOf = (text: string) => createHash("sha256").update(text).digest("base64url");

describe("entity tag lists (RFC 9110 §8.8.3, §13.1)", () => {
  it("reads *, a list, weak tags; refuses what is not a list of quoted tags", () => {
    expect(parseTagList(undefined, "If-Match")).toBeUndefined();
    expect(parseTagList(" * ", "If-Match")).toBe("*");
    expect(parseTagList('"a", W/"b" ,"c"', "If-Match")).toEqual([
      { weak: false, tag: '"a"' },
      { weak: true, tag: '"b"' },
      { weak: false, tag: '"c"' },
    ]);
    for (const bad of ["a", '"a" "b"', '"a', "", "**", 'W/"a",x']) {
      expect(() => parseTagList(bad, "If-Match"), bad).toThrow(/^If-Match/);
    }
  });

  it("weak comparison ignores W/, strong comparison refuses it (RFC 9110 §8.8.3.2 table)", () => {
    const list = parseTagList('W/"1"', "If-None-Match") ?? [];
    expect(weakMatch(list, '"1"')).toBe(true);
    expect(strongMatch(list, ['"1"'])).toBe(false);
    expect(strongMatch(parseTagList('"1"', "If-Match") ?? [], ['"1"'])).toBe(true);
    expect(weakMatch(parseTagList('"1"', "If-Match") ?? [], '"2"')).toBe(false);
  });
});

describe.each(testDatabases())(
  "ETag and 304 of the saved records and the OpenAPI document, $dialect",
  (db) => {
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

    /** The record's address after the write, read with each coding: the tags and the 304s. */
    async function checkConditional(url: string, authKey: string | undefined) {
      const plain = await call(url, authKey, { headers: { "Accept-Encoding": "identity" } });
      expect(plain.status).toBe(200);
      const text = await plain.text();
      const etag = `"${hashOf(text)}"`;
      expect(plain.headers.get("etag")).toBe(etag);
      expect(plain.headers.get("content-encoding")).toBeNull();
      // Compressed (every one of these answers is over 1 KB): its own strong tag, the coding inside.
      const gzip = await call(url, authKey, { headers: { "Accept-Encoding": "gzip" } });
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
      expect(await gzip.text()).toBe(text);
      expect(gzip.headers.get("etag")).toBe(`"${hashOf(text)}-gzip"`);
      const br = await call(url, authKey, { headers: { "Accept-Encoding": "br" } });
      expect(br.headers.get("etag")).toBe(`"${hashOf(text)}-br"`);
      const notModified = await call(url, authKey, {
        headers: { "Accept-Encoding": "gzip", "If-None-Match": `"x", "${hashOf(text)}-gzip"` },
      });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get("etag")).toBe(`"${hashOf(text)}-gzip"`);
      expect(await notModified.text()).toBe("");
      const identity304 = await call(url, authKey, {
        headers: { "Accept-Encoding": "identity", "If-None-Match": etag },
      });
      expect(identity304.status).toBe(304);
      // The identity representation's tag does not name the gzip one.
      const otherCoding = await call(url, authKey, {
        headers: { "Accept-Encoding": "gzip", "If-None-Match": etag },
      });
      expect(otherCoding.status).toBe(200);
    }

    describe.skipIf(!db.available)("", () => {
      it("GET /v1/Calculations/{id}", async () => {
        const { calculationId } = await readJson(
          await call(`${service.base}/Calculate`, key, { body: calculationRequest }),
        );
        await checkConditional(`${service.base}/Calculations/${calculationId}`, key);
      });

      it("GET /v1/Projections/{id}", async () => {
        const { projectionId } = await readJson(
          await call(`${service.base}/Projection`, key, { body: calculationRequest }),
        );
        await checkConditional(`${service.base}/Projections/${projectionId}`, key);
      });

      it("GET /v1/Comparisons/{id}", async () => {
        const body = compareRequest({ years: 2, assumeLatestRules: true });
        const { comparisonId } = await readJson(await call(`${service.base}/Compare`, key, { body }));
        await checkConditional(`${service.base}/Comparisons/${comparisonId}`, key);
      });

      it("GET /v1/openapi.json", async () => {
        await checkConditional(`${service.base}/openapi.json`, undefined);
      });
    });
  },
);
