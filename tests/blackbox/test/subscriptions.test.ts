/**
 * Spec "Authentication" 3, 4, 5, 7 against the operator CLI of docs/operations.md ("Subscriptions and keys"):
 * rotation, (de)activation, calculation access, and keys of one environment never working on the other.
 * The production environment is a second service started the README's way (`node scripts/dev.mjs start`,
 * CARTAX_ENVIRONMENT=production) on the same data folder, its webhook worker off.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Subscription } from "./global-setup";
import { bb, call, cli, createCar, petrolCar, profile } from "./helpers";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function fresh(name: string, ...flags: string[]): Promise<Subscription> {
  return (await cli(["subscription", "create", "--name", name, ...flags])) as Subscription;
}

const calcBody = () => ({
  carDetail: petrolCar(),
  userProfile: profile({ viewOptions: 1 }),
  options: { registrationDate: "2025-03-01" },
});

describe("rotation (spec Authentication 4)", () => {
  it("rotating the primary invalidates only the old primary; the secondary keeps working", async () => {
    const sub = await fresh("bb-rotate");
    const id = await createCar(petrolCar(), sub.primaryKey);
    const rotated = (await cli(["subscription", "rotate", sub.id, "--key", "primary"])) as {
      id: string;
      primaryKey: string;
    };
    expect(rotated.id).toBe(sub.id);
    expect(rotated.primaryKey).not.toBe(sub.primaryKey);
    expect((await call("GET", `/CarDetails/${id}`, { key: sub.primaryKey })).status).toBe(401);
    expect((await call("GET", `/CarDetails/${id}`, { key: rotated.primaryKey })).status).toBe(200);
    expect((await call("GET", `/CarDetails/${id}`, { key: sub.secondaryKey })).status).toBe(200);
  });
});

describe("gates changed by the operator take effect", () => {
  it("deactivate → 401 on every kind of endpoint; activate → served again", async () => {
    const sub = await fresh("bb-toggle", "--calculation-access");
    const id = await createCar(petrolCar(), sub.primaryKey);
    await cli(["subscription", "deactivate", sub.id]);
    expect((await call("GET", `/CarDetails/${id}`, { key: sub.primaryKey })).status).toBe(401);
    expect((await call("POST", "/Calculate", { key: sub.primaryKey, body: calcBody() })).status).toBe(401);
    await cli(["subscription", "activate", sub.id]);
    expect((await call("GET", `/CarDetails/${id}`, { key: sub.primaryKey })).status).toBe(200);
    expect((await call("POST", "/Calculate", { key: sub.primaryKey, body: calcBody() })).status).toBe(200);
  });

  it("revoke-calculation → Calculate and GetTaxMatrix 401, car details still 200; grant-calculation → 200", async () => {
    const sub = await fresh("bb-calc", "--calculation-access");
    const id = await createCar(petrolCar(), sub.primaryKey);
    await cli(["subscription", "revoke-calculation", sub.id]);
    expect((await call("POST", "/Calculate", { key: sub.primaryKey, body: calcBody() })).status).toBe(401);
    expect((await call("GET", "/GetTaxMatrix", { key: sub.primaryKey, query: { id } })).status).toBe(401);
    expect((await call("GET", `/CarDetails/${id}`, { key: sub.primaryKey })).status).toBe(200);
    await cli(["subscription", "grant-calculation", sub.id]);
    expect((await call("POST", "/Calculate", { key: sub.primaryKey, body: calcBody() })).status).toBe(200);
    expect((await call("GET", "/GetTaxMatrix", { key: sub.primaryKey, query: { id } })).status).toBe(200);
  });

  it("authentication is checked before the body: no calculation access + unparseable body is 401", async () => {
    const answer = await call("POST", "/Calculate", { key: bb.noCalc.primaryKey, rawBody: "{oops" });
    expect(answer.status).toBe(401);
  });

  it("subscription list never shows a key", async () => {
    const list = JSON.stringify(await cli(["subscription", "list"]));
    expect(list).toContain(bb.main.id);
    expect(list).not.toContain(bb.main.primaryKey);
    expect(list).not.toContain(bb.main.secondaryKey);
    expect(list).not.toMatch(/ctx_(acc|prd)_[A-Za-z0-9]{43}/);
  });
});

describe("environments (spec Authentication 3; README CARTAX_ENVIRONMENT)", () => {
  let production: ChildProcess | undefined;
  let prodOrigin = "";
  let prdKey = "";

  beforeAll(async () => {
    const port = await freePort();
    prodOrigin = `http://127.0.0.1:${port}`;
    production = spawn(process.execPath, [path.join(bb.repoRoot, "scripts/dev.mjs"), "start"], {
      cwd: bb.repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        CARTAX_DATA_DIR: bb.dataDir,
        CARTAX_ENVIRONMENT: "production",
        CARTAX_WEBHOOK_WORKER: "off",
        LOG_LEVEL: "warn",
      },
      stdio: "ignore",
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
      try {
        if ((await fetch(`${prodOrigin}/health`)).status === 200) break;
      } catch {
        // not yet listening
      }
      if (Date.now() > deadline) throw new Error("production instance did not start");
      await new Promise((r) => setTimeout(r, 250));
    }
    const prd = (await cli(["subscription", "create", "--name", "bb-prd"], {
      CARTAX_ENVIRONMENT: "production",
    })) as Subscription;
    prdKey = prd.primaryKey;
  }, 180_000);

  afterAll(async () => {
    const proc = production;
    if (proc && proc.exitCode === null) {
      const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
  });

  it("production keys look like ctx_prd_ + 43 base62; acceptance keys ctx_acc_ + 43 base62 (README)", () => {
    expect(prdKey).toMatch(/^ctx_prd_[0-9A-Za-z]{43}$/);
    expect(bb.main.primaryKey).toMatch(/^ctx_acc_[0-9A-Za-z]{43}$/);
    expect(bb.main.secondaryKey).toMatch(/^ctx_acc_[0-9A-Za-z]{43}$/);
  });

  it("an acceptance key answers 401 on production, a production key 401 on acceptance; each works at home", async () => {
    const onProd = (key: string) =>
      call("POST", `${prodOrigin}/v1/CarDetails`, { key, body: petrolCar() }).then((a) => a.status);
    const onAcc = (key: string) =>
      call("POST", "/CarDetails", { key, body: petrolCar() }).then((a) => a.status);
    expect(await onProd(bb.main.primaryKey)).toBe(401);
    expect(await onAcc(prdKey)).toBe(401);
    expect(await onProd(prdKey)).toBe(201);
    expect(await onAcc(bb.main.primaryKey)).toBe(201);
  });
});
