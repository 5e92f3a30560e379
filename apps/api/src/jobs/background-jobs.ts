/** A task a process repeats in the background: a sweep, a flush, the ping schedule (service-jobs.ts). */
export interface BackgroundJob {
  /** Its name in log lines and in `cartax_job_failures_total{job}`. */
  readonly name: string;
  readonly everyMs: number;
  /** Also run once at start, not only after the first interval. */
  readonly atStart?: boolean;
  run(): Promise<unknown>;
}

/** Where a failed run goes: one log line and one count. */
export interface JobFailures {
  failed(job: string, error: unknown): void;
}

/**
 * Reports each failure as an error line `background job failed` with the job's name and the
 * error's message (never its stack or the query's parameters, so no secret reaches the log) and
 * counts it (`cartax_job_failures_total{job}` of the process's metrics).
 */
export function jobFailures(
  log: { error(fields: object, message: string): void },
  count: (job: string) => void,
): JobFailures {
  return {
    failed(job, error) {
      log.error(
        { job, error: error instanceof Error ? error.message : String(error) },
        "background job failed",
      );
      count(job);
    },
  };
}

export interface RunningJobs {
  /** Stops the timers and waits for the runs under way. */
  stop(): Promise<void>;
}

/**
 * Runs each job every `everyMs` (a run still under way is not started again) and reports every
 * failure; the next run is tried at the next interval. The timers never hold the process open.
 */
export function startBackgroundJobs(jobs: readonly BackgroundJob[], failures: JobFailures): RunningJobs {
  const underWay = new Map<string, Promise<void>>();
  const runOnce = (job: BackgroundJob) => {
    if (underWay.has(job.name)) return;
    const run = Promise.resolve()
      .then(() => job.run())
      .then(
        () => undefined,
        (error: unknown) => failures.failed(job.name, error),
      )
      .finally(() => underWay.delete(job.name));
    underWay.set(job.name, run);
  };
  const timers = jobs.map((job) => {
    if (job.atStart) runOnce(job);
    const timer = setInterval(() => runOnce(job), job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(underWay.values());
    },
  };
}
