import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../start-server";

describe("GET /health on a real port", () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-api-"));
    server = await startServer({
      port: 0,
      host: "127.0.0.1",
      dataDir,
      databaseUrl: undefined,
      environment: "acceptance",
    });
  });

  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers ok after touching the SQLite file", async () => {
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string };
    expect(body.status).toBe("ok");
    expect(fs.existsSync(path.join(dataDir, "cartax.sqlite"))).toBe(true);
  });

  it("answers 404 for an unknown path", async () => {
    const response = await fetch(`${server.url}/nope`);
    expect(response.status).toBe(404);
  });
});
