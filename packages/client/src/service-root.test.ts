import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { calculateBatch } from "./calculate-batch";
import { createCartaxClient } from "./cartax-client";
import { serviceRoot } from "./service-root";

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A real server on 127.0.0.1 that records the path of every request and answers 200 `{}`. */
async function recordingServer() {
  const paths: string[] = [];
  const s = http.createServer((request, response) => {
    paths.push(new URL(request.url ?? "/", "http://x").pathname);
    request.resume();
    request.on("end", () => response.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  servers.push(s);
  return { origin: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, paths };
}

const request = {
  carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  userProfile: {
    postalCode: 9000,
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    regionRegistration: "Flanders",
  },
  options: { registrationDate: "2025-03-01" },
} as const;

describe("the base URL of the client", () => {
  it("is the origin, or the spec's base URL that ends in /v1: either way one /v1 is called", async () => {
    const s = await recordingServer();
    for (const baseUrl of [s.origin, `${s.origin}/`, `${s.origin}/v1`, `${s.origin}/v1/`]) {
      const cartax = createCartaxClient({ baseUrl, subscriptionKey: "k", retries: 0 });
      await cartax.POST("/v1/Calculate", { body: request });
      const outcome = await calculateBatch({ baseUrl, subscriptionKey: "k" }, [request]);
      if (outcome.answers) for await (const _ of outcome.answers);
    }
    expect(s.paths).toEqual(Array.from({ length: 4 }, () => ["/v1/Calculate", "/v1/Calculate/batch"]).flat());
  });

  it("keeps a path prefix before /v1 (a gateway's /api/v1)", () => {
    expect(serviceRoot("https://gw.example.be/api/v1")).toBe("https://gw.example.be/api");
    expect(serviceRoot("https://gw.example.be/api/")).toBe("https://gw.example.be/api");
    expect(serviceRoot("https://gw.example.be/v10")).toBe("https://gw.example.be/v10");
  });
});
