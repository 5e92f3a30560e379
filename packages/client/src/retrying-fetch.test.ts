import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { retryAfterMs, retryingFetch } from "./retrying-fetch";

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A real server on 127.0.0.1 answering the statuses in turn; records the bodies it got. */
async function server(answers: { status: number; headers?: Record<string, string> }[]) {
  const bodies: string[] = [];
  const s = http.createServer((request, response) => {
    let body = "";
    request.on("data", (c) => {
      body += c;
    });
    request.on("end", () => {
      bodies.push(body);
      const answer = answers[Math.min(bodies.length - 1, answers.length - 1)] ?? { status: 200 };
      response.writeHead(answer.status, answer.headers).end("{}");
    });
  });
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  servers.push(s);
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/x`, bodies };
}

describe("retryingFetch", () => {
  it("retries 503 and 429, honouring Retry-After, and resends the same body", async () => {
    const s = await server([
      { status: 503, headers: { "Retry-After": "1" } },
      { status: 429 },
      { status: 200 },
    ]);
    const started = Date.now();
    const response = await retryingFetch(fetch, { baseDelayMs: 10 })(s.url, {
      method: "POST",
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    expect(s.bodies).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("does not resend a POST after a 500 (it may have been done), but retries a GET", async () => {
    const post = await server([{ status: 500 }, { status: 200 }]);
    expect(
      (await retryingFetch(fetch, { baseDelayMs: 1 })(post.url, { method: "POST", body: "{}" })).status,
    ).toBe(500);
    expect(post.bodies).toHaveLength(1);
    const get = await server([{ status: 500 }, { status: 200 }]);
    expect((await retryingFetch(fetch, { baseDelayMs: 1 })(get.url)).status).toBe(200);
    expect(get.bodies).toHaveLength(2);
  });

  it("stops after the configured retries and never retries a 4xx", async () => {
    const s = await server([{ status: 503 }]);
    expect((await retryingFetch(fetch, { retries: 2, baseDelayMs: 1 })(s.url)).status).toBe(503);
    expect(s.bodies).toHaveLength(3);
    const bad = await server([{ status: 400 }, { status: 200 }]);
    expect((await retryingFetch(fetch, { baseDelayMs: 1 })(bad.url)).status).toBe(400);
    expect(bad.bodies).toHaveLength(1);
    expect(retryAfterMs("7")).toBe(7000);
    expect(retryAfterMs("soon")).toBeNull();
  });
});
