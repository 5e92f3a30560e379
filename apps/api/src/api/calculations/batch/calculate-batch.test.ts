import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { type BatchAnswer, calculateBatch, isBatchProblem } from "@cartax/client";
import { openStorage } from "@cartax/storage";
import { testDatabases } from "@cartax/storage/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculationRequest, companyProfile, petrolCar } from "../../../testing/fixtures";
import { type SpawnedService, spawnService, stopService } from "../../../testing/spawn-service";
import { call, type Json, readJson, startTestService, type TestService } from "../../../testing/test-service";
import { answersInOrder, BATCH_WINDOW } from "./answers-in-order";

const NDJSON = "application/x-ndjson";

/** POST /v1/Calculate/batch with these lines (joined by "\n", with a final newline). */
function batch(base: string, key: string, lines: readonly string[], headers: Record<string, string> = {}) {
  return call(`${base}/Calculate/batch`, key, {
    body: lines.length === 0 ? "" : `${lines.join("\n")}\n`,
    headers: { "content-type": NDJSON, ...headers },
  });
}

/** The answer lines of a batch, parsed; the body must end with a newline after the last. */
async function answerLines(response: Response): Promise<Json[]> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(NDJSON);
  const text = await response.text();
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => JSON.parse(line));
}

/** An answer without what differs from call to call (its id, the request id) or what only a batch adds. */
function comparable(answer: Json): Json {
  const { calculationId: _id, instance: _instance, line: _line, ...rest } = answer;
  return rest;
}

const requestWith = (catalogPrice: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...calculationRequest, carDetail: { ...petrolCar, catalogPrice }, ...extra });

describe("answersInOrder", () => {
  async function* itemsOf<T>(items: readonly T[], pulled: { count: number }) {
    for (const item of items) {
      pulled.count += 1;
      yield item;
    }
  }

  it("hands out answers in the order of the items, whatever order they finish in (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat({ max: 5 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        async (delays, window) => {
          const items = delays.map((delay, i) => ({ i, delay }));
          const answers = answersInOrder(
            itemsOf(items, { count: 0 }),
            async ({ i, delay }) => {
              await sleep(delay);
              return `answer ${i}`;
            },
            window,
          );
          let out = "";
          for await (const chunk of answers) out += chunk;
          expect(out).toBe(items.map(({ i }) => `answer ${i}\n`).join(""));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("hands out the answers of the lines read while the body waits for more (no wait for the window)", async () => {
    // A client that sends a line and waits for its answer before the next one must get it.
    let sendThird: () => void = () => {};
    const third = new Promise<void>((resolve) => {
      sendThird = resolve;
    });
    async function* paused() {
      yield 1;
      yield 2;
      await third;
      yield 3;
    }
    const answers = answersInOrder(paused(), async (i) => `answer ${i}`, 16);
    let out = "";
    while (!out.includes("answer 2")) {
      const step = await Promise.race([answers.next(), sleep(2000).then(() => "stalled" as const)]);
      if (step === "stalled")
        throw new Error(`answers stalled before the body went on; got ${JSON.stringify(out)}`);
      if (step.done) break;
      out += step.value;
    }
    expect(out).toBe("answer 1\nanswer 2\n");
    sendThird();
    for await (const chunk of answers) out += chunk;
    expect(out).toBe("answer 1\nanswer 2\nanswer 3\n");
  });

  it("reads no more than the window ahead of the answers taken (bounded memory)", async () => {
    const pulled = { count: 0 };
    const answers = answersInOrder(
      itemsOf(
        Array.from({ length: 1000 }, (_, i) => i),
        pulled,
      ),
      async (i) => String(i),
      16,
    );
    let taken = 0;
    for await (const chunk of answers) {
      taken += chunk.split("\n").length - 1;
      expect(pulled.count - taken).toBeLessThanOrEqual(16);
      if (taken >= 100) break;
    }
    expect(pulled.count).toBeLessThanOrEqual(100 + 16);
  });
});

describe.each(testDatabases())("POST /v1/Calculate/batch on $dialect", (db) => {
  let service: TestService;
  let key: string;
  let ownerId: string;
  beforeAll(async () => {
    if (!db.available) return;
    service = await startTestService(db);
    const subscription = await service.subscribe();
    key = subscription.primaryKey;
    ownerId = subscription.ownerId;
  });
  afterAll(async () => {
    if (db.available) await service.stop();
  });

  describe.skipIf(!db.available)("", () => {
    it(`answers line i with what Calculate answers request i, over more lines than the window (${BATCH_WINDOW})`, async () => {
      const lines = Array.from({ length: BATCH_WINDOW + 44 }, (_, i) => requestWith(20_000 + 100 * i));
      const answers = await answerLines(await batch(service.base, key, lines));
      expect(answers).toHaveLength(lines.length);
      for (const i of [0, 1, 2, 100, BATCH_WINDOW - 1, BATCH_WINDOW, BATCH_WINDOW + 1, lines.length - 1]) {
        const single = await readJson(await call(`${service.base}/Calculate`, key, { body: lines[i] }));
        expect(comparable(answers[i]), `line ${i + 1}`).toEqual(comparable(single));
      }
      const ids = answers.map((a) => a.calculationId);
      expect(new Set(ids).size).toBe(lines.length);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("saves every answered calculation as an audit record before its answer line leaves", async () => {
      const store = service.server.service.storage.calculations;
      const insert = store.insert.bind(store);
      const committed = new Set<string>();
      store.insert = async (record) => {
        await insert(record);
        committed.add(record.id);
      };
      try {
        const lines = Array.from({ length: 300 }, (_, i) => requestWith(30_000 + 50 * i));
        const response = await batch(service.base, key, lines);
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        const decoder = new TextDecoder();
        let buffered = "";
        const answers: Json[] = [];
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffered += decoder.decode(value, { stream: true });
          const complete = buffered.split("\n");
          buffered = complete.pop() ?? "";
          for (const text of complete) {
            const answer = JSON.parse(text);
            // Received, so written: its record must already be committed.
            expect(committed.has(answer.calculationId), `line ${answers.length + 1}`).toBe(true);
            answers.push(answer);
          }
        }
        expect(answers).toHaveLength(300);
        for (const [i, answer] of answers.entries()) {
          const record = await service.server.service.storage.calculations.get(ownerId, answer.calculationId);
          // The request line as received, the answer line as sent.
          expect(record?.request).toBe(lines[i]);
          expect(JSON.parse(record?.result ?? "null")).toEqual(answer);
        }
        const read = await readJson(
          await call(`${service.base}/Calculations/${answers[7].calculationId}`, key),
        );
        expect(read.result).toEqual(answers[7]);
      } finally {
        store.insert = insert;
      }
    });

    it("answers a bad line with its own problem and line number, and the others as usual", async () => {
      const unknownCar = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
      const lines = [
        requestWith(25_000),
        "{not json",
        "",
        JSON.stringify({ ...calculationRequest, userProfile: { ...companyProfile, postalCode: 99999 } }),
        JSON.stringify({
          carDetailId: unknownCar,
          userProfile: companyProfile,
          options: calculationRequest.options,
        }),
        JSON.stringify({ ...calculationRequest, padding: "x".repeat(70 * 1024) }),
        "42",
        requestWith(26_000),
      ];
      const answers = await answerLines(await batch(service.base, key, lines));
      expect(answers).toHaveLength(lines.length);
      expect(answers[0].calculationId).toMatch(/^[0-9a-f-]{36}$/);
      expect(answers[7].calculationId).toMatch(/^[0-9a-f-]{36}$/);
      const expected = [
        [2, 400, "malformed_json"],
        [3, 400, "malformed_json"],
        [4, 400, "validation_error"],
        [5, 404, "not_found"],
        [6, 413, "payload_too_large"],
        [7, 400, "validation_error"],
      ] as const;
      for (const [line, status, code] of expected) {
        const problem = answers[line - 1];
        expect(problem, `line ${line}`).toMatchObject({
          line,
          status,
          code,
          type: `/problems/${code.replaceAll("_", "-")}`,
        });
        expect(problem.instance).toMatch(/^urn:cartax:request:/);
        expect(problem.calculationId).toBeUndefined();
      }
      expect(answers[3].errors).toEqual([
        expect.objectContaining({ field: "userProfile.postalCode", rule: "max" }),
      ]);
      // The same problem as a single Calculate of that line.
      const single = await readJson(await call(`${service.base}/Calculate`, key, { body: lines[3] }));
      expect(comparable(answers[3])).toEqual(comparable(single));
      // The operator's closing line of the batch (the access log's is written when the answer starts).
      const closing = service.logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "batch");
      expect(closing.at(-1)).toMatchObject({ lines: 8, results: 2, problems: 6 });
    });

    it("answers at most 10,000 lines, then one problem line (413) for the rest, unread", async () => {
      // Lines that fail validation cost no calculation: the limit is what is tested.
      const lines = Array.from({ length: 10_005 }, () => "{}");
      const answers = await answerLines(await batch(service.base, key, lines));
      expect(answers).toHaveLength(10_001);
      expect(answers[9_999]).toMatchObject({ line: 10_000, status: 400, code: "validation_error" });
      expect(answers[10_000]).toMatchObject({ line: 10_001, status: 413, code: "payload_too_large" });
    }, 60_000); // 10,005 lines, each answered and compressed line by line: seconds on a loaded CI machine

    it("refuses a batch as a whole before any line: empty, not NDJSON, declared too large, no calculation access", async () => {
      const empty = await batch(service.base, key, []);
      expect(empty.status).toBe(400);
      expect(empty.headers.get("content-type")).toBe("application/problem+json");
      expect(await readJson(empty)).toMatchObject({ code: "malformed_json" });

      const json = await batch(service.base, key, [requestWith(20_000)], {
        "content-type": "application/json",
      });
      expect(json.status).toBe(415);
      expect(await readJson(json)).toMatchObject({ code: "unsupported_media_type" });

      const huge = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(`${service.base}/Calculate/batch?subscription-key=${key}`);
        const request = http.request(url, {
          method: "POST",
          headers: { "content-type": NDJSON, "content-length": String(1024 ** 3) },
        });
        request.on("response", (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => {
            resolve({ status: response.statusCode ?? 0, body });
            request.destroy();
          });
        });
        request.on("error", reject);
        request.flushHeaders();
      });
      expect(huge.status).toBe(413);
      expect(JSON.parse(huge.body)).toMatchObject({ code: "payload_too_large" });

      const noAccess = await service.subscribe({ calculationAccess: false });
      const refused = await batch(service.base, noAccess.primaryKey, [requestWith(20_000)]);
      expect(refused.status).toBe(401);
      expect(await readJson(refused)).toMatchObject({ code: "unauthorized" });
    });

    it("stops a batch whose client went away, logs it, and keeps serving", async () => {
      const abort = new AbortController();
      const lines = Array.from({ length: 2000 }, (_, i) => requestWith(40_000 + i));
      const response = await fetch(`${service.base}/Calculate/batch?subscription-key=${key}`, {
        method: "POST",
        body: `${lines.join("\n")}\n`,
        headers: { "content-type": NDJSON },
        signal: abort.signal,
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      abort.abort();
      await reader.read().catch(() => undefined);
      await expect
        .poll(() => service.logs.some((line) => JSON.parse(line).msg === "batch cancelled by the client"), {
          timeout: 10_000,
        })
        .toBe(true);
      const after = await answerLines(await batch(service.base, key, [requestWith(20_000)]));
      expect(after[0].calculationId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("counts each line against a rate limit, in the order of the lines: those past it answer 429 problems", async () => {
      const limited = await service.subscribe();
      await service.server.service.storage.subscriptions.setRateLimit(limited.id, {
        requests: 6,
        windowSeconds: 3600,
      });
      const lines = Array.from({ length: 12 }, (_, i) => requestWith(21_000 + i));
      const response = await batch(service.base, limited.primaryKey, lines);
      expect(response.headers.get("RateLimit")).toMatch(/^"subscription";r=5;t=\d+$/);
      const answers = await answerLines(response);
      expect(answers.slice(0, 6).every((a) => typeof a.calculationId === "string")).toBe(true);
      for (const [i, answer] of answers.slice(6).entries())
        expect(answer).toMatchObject({ line: 7 + i, status: 429, code: "too_many_requests" });
      const again = await batch(service.base, limited.primaryKey, [requestWith(21_000)]);
      expect(again.status).toBe(429);
    });

    it("output line i answers input line i (property: any mix of good and bad lines)", async () => {
      const pool = [
        requestWith(18_000),
        requestWith(55_000),
        JSON.stringify({
          ...calculationRequest,
          userProfile: { ...companyProfile, regionRegistration: "Wallonia", postalCode: 5000 },
        }),
        JSON.stringify({ ...calculationRequest, userProfile: { ...companyProfile, language: "nl" } }),
        JSON.stringify({
          ...calculationRequest,
          carDetail: { ...petrolCar, fuel: "Electric", wltp: 0, capacity: 0 },
        }),
        JSON.stringify({ ...calculationRequest, carDetail: { ...petrolCar, wltp: -1 } }),
        // Refused by the engine's own check (a car first registered after the registration date),
        // past the request schema: the batch validates as Calculate does, in one pass.
        JSON.stringify({
          ...calculationRequest,
          carDetail: { ...petrolCar, firstRegistration: "2025-06-01" },
        }),
        JSON.stringify({
          carDetailId: "0b5e7c1a-57a0-4c1e-9d2e-6a0c6d5b8f11",
          userProfile: companyProfile,
          options: calculationRequest.options,
        }),
        JSON.stringify({ userProfile: companyProfile }),
      ];
      // What a single Calculate answers each, computed once.
      const expected = await Promise.all(
        pool.map(async (line) =>
          comparable(await readJson(await call(`${service.base}/Calculate`, key, { body: line }))),
        ),
      );
      expect(new Set(expected.map((e) => JSON.stringify(e))).size).toBe(pool.length);
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.nat({ max: pool.length - 1 }), { minLength: 1, maxLength: 30 }),
          async (picks) => {
            const answers = await answerLines(
              await batch(
                service.base,
                key,
                picks.map((p) => pool[p] as string),
              ),
            );
            expect(answers).toHaveLength(picks.length);
            for (const [i, pick] of picks.entries()) {
              expect(comparable(answers[i]), `line ${i + 1}`).toEqual(expected[pick]);
              if (answers[i].status !== undefined) expect(answers[i].line).toBe(i + 1);
            }
          },
        ),
        { numRuns: 12 },
      );
    });
  });
});

const [sqlite] = testDatabases();

describe.skipIf(!sqlite?.available)("@cartax/client calculateBatch and back-pressure on a real port", () => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    if (!sqlite?.available) return;
    service = await startTestService(sqlite);
    key = (await service.subscribe()).primaryKey;
  });
  afterAll(async () => {
    if (sqlite?.available) await service.stop();
  });

  it("streams the requests and yields one typed answer per request, in order", async () => {
    async function* requests() {
      for (let i = 0; i < 400; i++) yield JSON.parse(requestWith(i === 200 ? -5 : 20_000 + i));
    }
    const { answers, error } = await calculateBatch(
      { baseUrl: service.server.url, subscriptionKey: key },
      requests(),
    );
    expect(error).toBeUndefined();
    const received: BatchAnswer[] = [];
    for await (const answer of answers ?? []) received.push(answer);
    expect(received).toHaveLength(400);
    const problems = received.filter(isBatchProblem);
    expect(problems.map((p) => [p.line, p.code])).toEqual([[201, "validation_error"]]);
    const first = received[0];
    if (!first || isBatchProblem(first)) throw new Error("line 1 should be a result");
    expect(first.lines.length).toBeGreaterThan(0);
  });

  it("reads the body only as fast as the client reads the answers (back-pressure)", async () => {
    const store = service.server.service.storage.calculations;
    const insert = store.insert.bind(store);
    let saved = 0;
    store.insert = async (record) => {
      await insert(record);
      saved += 1;
    };
    try {
      const total = 3000;
      const url = new URL(`${service.base}/Calculate/batch?subscription-key=${key}`);
      const request = http.request(url, {
        method: "POST",
        headers: { "content-type": "application/x-ndjson" },
      });
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        request.on("response", resolve);
        request.on("error", reject);
        // The whole body is sent at once (about 1 MB): only the service's reading can hold it back.
        request.end(Array.from({ length: total }, (_, i) => `${requestWith(20_000 + i)}\n`).join(""));
      });
      response.pause();
      // Unread answers fill the socket's buffers; then the service stops calculating and reading.
      // Stalled means: no new record over ten samples 200 ms apart, each on time (the service runs
      // in this process: a late sample means the loop was busy calculating, so it does not count).
      let stable = 0;
      let last = -1;
      let at = performance.now();
      while (stable < 10) {
        await sleep(200);
        const now = performance.now();
        stable = saved === last && now - at < 400 ? stable + 1 : 0;
        last = saved;
        at = now;
      }
      expect(saved).toBeGreaterThan(0);
      expect(saved).toBeLessThan(total / 2);
      let lines = 0;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        lines += chunk.split("\n").length - 1;
      });
      response.resume();
      await new Promise((resolve) => response.on("end", resolve));
      expect(lines).toBe(total);
      expect(saved).toBe(total);
    } finally {
      store.insert = insert;
    }
  });

  it("returns the problem of a batch refused as a whole as a typed error", async () => {
    const { answers, error } = await calculateBatch(
      { baseUrl: service.server.url, subscriptionKey: "not-a-key" },
      [JSON.parse(requestWith(20_000))],
    );
    expect(answers).toBeUndefined();
    expect(error).toMatchObject({ status: 401, code: "unauthorized" });
  });
});

describe.each(testDatabases())("a batch on the built service killed with -9 on $dialect", (db) => {
  it.skipIf(!db.available)(
    "loses no calculation whose answer line was received",
    async () => {
      const fresh = await db.create();
      let server: SpawnedService | undefined;
      try {
        const storage = await openStorage({
          dataDir: fresh.env.CARTAX_DATA_DIR ?? "",
          databaseUrl: fresh.env.DATABASE_URL,
        });
        const { primaryKey } = await storage.subscriptions
          .create({ name: "batch durability", environment: "acceptance", calculationAccess: true })
          .finally(() => storage.close());
        server = await spawnService(fresh.env);
        const running = server;
        const received: string[] = [];
        const lines = Array.from({ length: 3000 }, (_, i) => `${requestWith(20_000 + i)}\n`).join("");
        const streamed = (async () => {
          try {
            const answer = await fetch(`${running.base}/Calculate/batch?subscription-key=${primaryKey}`, {
              method: "POST",
              headers: { "content-type": NDJSON },
              body: lines,
            });
            const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
            const decoder = new TextDecoder();
            let buffered = "";
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              buffered += decoder.decode(value, { stream: true });
              const complete = buffered.split("\n");
              buffered = complete.pop() ?? "";
              for (const text of complete) received.push(JSON.parse(text).calculationId);
            }
          } catch {
            // The connection died with the service: the lines after the last one received were never answered.
          }
        })();
        // Kill once answers are flowing, in the middle of the batch.
        const started = Date.now();
        while (received.length < 300 && Date.now() - started < 60_000) await sleep(20);
        await stopService(running, "SIGKILL");
        await streamed;
        expect(received.length).toBeGreaterThanOrEqual(300);
        expect(received.length).toBeLessThan(3000);

        server = await spawnService(fresh.env);
        const restarted = server;
        const check = await openStorage({
          dataDir: fresh.env.CARTAX_DATA_DIR ?? "",
          databaseUrl: fresh.env.DATABASE_URL,
        });
        try {
          const owner = (await check.subscriptions.list())[0]?.ownerId ?? "";
          const lost: string[] = [];
          for (const id of received) if (!(await check.calculations.get(owner, id))) lost.push(id);
          expect(lost).toEqual([]);
        } finally {
          await check.close();
        }
        expect((await call(`${restarted.base}/Calculations/${received.at(-1)}`, primaryKey)).status).toBe(
          200,
        );
      } finally {
        if (server) await stopService(server);
        await fresh.cleanup();
      }
    },
    120_000,
  );
});
