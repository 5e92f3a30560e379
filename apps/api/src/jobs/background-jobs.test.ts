import { openStorage, type Storage } from "@cartax/storage";
import { testDatabases } from "@cartax/storage/testing";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { ServiceMetrics } from "../http/metrics";
import { jobFailures, startBackgroundJobs } from "./background-jobs";
import { pingScheduleJob, serviceJobs } from "./service-jobs";

/** A logger whose JSON lines are kept, and the process's metrics, as start-server.ts wires them. */
function reporting() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ base: null }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const metrics = new ServiceMetrics();
  return { lines, metrics, failures: jobFailures(logger, (job) => metrics.countJobFailure(job)) };
}

/** The value of `cartax_job_failures_total{job="…"}` as GET /metrics shows it (0 when absent). */
async function failuresCounted(metrics: ServiceMetrics, job: string): Promise<number> {
  const text = await metrics.registry.metrics();
  const line = text.split("\n").find((l) => l.startsWith(`cartax_job_failures_total{job="${job}"} `));
  return line ? Number(line.split(" ").pop()) : 0;
}

async function until(condition: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(testDatabases())("background jobs on $dialect", (database) => {
  it.skipIf(!database.available)(
    "a sweep that fails (the database is closed) logs one error line and counts it, every run",
    async () => {
      const fresh = await database.create();
      const storage: Storage = await openStorage(fresh);
      await storage.close();
      const { lines, metrics, failures } = reporting();
      const every = {
        qrImageSweepMs: 20,
        usageFlushMs: 60_000,
        rateLimitWindowSweepMs: 60_000,
        idempotencyKeySweepMs: 20,
      };
      const jobs = startBackgroundJobs(
        [...serviceJobs(storage, every), pingScheduleJob(storage, 20)],
        failures,
      );
      const failed = (job: string) => lines.filter((l) => l.job === job);
      await until(() =>
        ["qr-image-sweep", "webhook-ping-schedule", "idempotency-key-sweep"].every(
          (job) => failed(job).length >= 2,
        ),
      );
      await jobs.stop();
      try {
        for (const job of ["qr-image-sweep", "webhook-ping-schedule", "idempotency-key-sweep"]) {
          expect(failed(job)[0]).toMatchObject({
            level: 50,
            msg: "background job failed",
            job,
            error: expect.any(String),
          });
          // The message only: no stack (nor anything else an error may carry).
          expect(Object.keys(failed(job)[0] ?? {}).sort()).toEqual(["error", "job", "level", "msg", "time"]);
          expect(await failuresCounted(metrics, job)).toBe(failed(job).length);
        }
        expect(await failuresCounted(metrics, "usage-flush")).toBe(0);
      } finally {
        await fresh.cleanup();
      }
    },
  );
});

describe("the job runner", () => {
  it("reports a job that throws before returning a promise, and counts nothing for jobs that succeed", async () => {
    const { lines, metrics, failures } = reporting();
    let fine = 0;
    const jobs = startBackgroundJobs(
      [
        {
          name: "broken",
          everyMs: 15,
          atStart: true,
          run: () => {
            throw new Error("stubbed dependency unavailable");
          },
        },
        { name: "fine", everyMs: 15, atStart: true, run: async () => void fine++ },
      ],
      failures,
    );
    await until(() => lines.length >= 3 && fine >= 3);
    await jobs.stop();
    expect(lines.every((l) => l.job === "broken" && l.error === "stubbed dependency unavailable")).toBe(true);
    expect(await failuresCounted(metrics, "broken")).toBe(lines.length);
    expect(await failuresCounted(metrics, "fine")).toBe(0);
  });

  it("does not start a run while the previous one of the same job is under way", async () => {
    const { failures } = reporting();
    let running = 0;
    let most = 0;
    let runs = 0;
    const jobs = startBackgroundJobs(
      [
        {
          name: "slow",
          everyMs: 5,
          atStart: true,
          run: async () => {
            running++;
            runs++;
            most = Math.max(most, running);
            await new Promise((resolve) => setTimeout(resolve, 40));
            running--;
          },
        },
      ],
      failures,
    );
    await until(() => runs >= 3);
    await jobs.stop();
    expect(most).toBe(1);
    expect(running).toBe(0);
  });
});
