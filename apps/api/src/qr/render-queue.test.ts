import { describe, expect, it } from "vitest";
import { RenderQueue, RenderQueueFullError } from "./render-queue";

/** A task that ends when told to, recording that it started. */
function gate(started: string[], name: string) {
  let open: (value: string) => void = () => undefined;
  const done = new Promise<string>((resolve) => {
    open = resolve;
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    finish: () => open(name),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("RenderQueue", () => {
  it("runs at most `concurrency` tasks, queues up to `queueLimit` in order, refuses the next at once", async () => {
    const queue = new RenderQueue({ concurrency: 2, queueLimit: 1 });
    const started: string[] = [];
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => gate(started, name)) as [
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
    ];
    const ra = queue.run("a", a.task);
    const rb = queue.run("b", b.task);
    const rc = queue.run("c", c.task);
    await tick();
    expect(started).toEqual(["a", "b"]);
    expect([queue.running, queue.queued]).toEqual([2, 1]);
    expect(() => queue.run("d", d.task)).toThrow(RenderQueueFullError);
    a.finish();
    expect(await ra).toBe("a");
    await tick();
    expect(started).toEqual(["a", "b", "c"]);
    expect([queue.running, queue.queued]).toEqual([2, 0]);
    // Room again in the queue.
    const rd = queue.run("d", d.task);
    b.finish();
    c.finish();
    d.finish();
    expect(await Promise.all([rb, rc, rd])).toEqual(["b", "c", "d"]);
    expect([queue.running, queue.queued]).toEqual([0, 0]);
  });

  it("shares the task of a key in progress instead of running it twice, even when full", async () => {
    const queue = new RenderQueue({ concurrency: 1, queueLimit: 0 });
    const started: string[] = [];
    const a = gate(started, "a");
    const first = queue.run("same", a.task);
    const second = queue.run("same", a.task);
    expect(() => queue.run("other", a.task)).toThrow(RenderQueueFullError);
    a.finish();
    expect(await Promise.all([first, second])).toEqual(["a", "a"]);
    expect(started).toEqual(["a"]);
    // Done: the key runs again when asked again.
    const again = gate(started, "again");
    const third = queue.run("same", again.task);
    again.finish();
    expect(await third).toBe("again");
  });

  it("frees the slot when a task fails, and says when to retry (≥ 1 s)", async () => {
    const queue = new RenderQueue({ concurrency: 1, queueLimit: 0 });
    await expect(queue.run("x", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(queue.running).toBe(0);
    const started: string[] = [];
    const a = gate(started, "a");
    const running = queue.run("a", a.task);
    try {
      queue.run("b", a.task);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RenderQueueFullError);
      expect((error as RenderQueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    a.finish();
    await running;
  });

  it("refuses limits that make no sense", () => {
    expect(() => new RenderQueue({ concurrency: 0, queueLimit: 1 })).toThrow(RangeError);
    expect(() => new RenderQueue({ concurrency: 1, queueLimit: -1 })).toThrow(RangeError);
  });

  it("refuses on arrival a task likely to wait longer than the budget, though the queue has room", async () => {
    // Before any task is measured the mean is 100 ms: one slot busy means a likely wait of 100 ms.
    const tight = new RenderQueue({ concurrency: 1, queueLimit: 10, waitBudgetMs: 50 });
    const started: string[] = [];
    const a = gate(started, "a");
    const running = tight.run("a", a.task);
    expect(() => tight.run("b", a.task)).toThrow(RenderQueueFullError);
    expect(tight.queued).toBe(0);
    a.finish();
    await running;
    // The same wait within a longer budget is accepted.
    const roomy = new RenderQueue({ concurrency: 1, queueLimit: 10, waitBudgetMs: 1000 });
    const b = gate(started, "b");
    const c = gate(started, "c");
    const first = roomy.run("b", b.task);
    const second = roomy.run("c", c.task);
    expect(roomy.queued).toBe(1);
    b.finish();
    c.finish();
    expect(await Promise.all([first, second])).toEqual(["b", "c"]);
  });

  it("refuses, unrun, a task whose turn comes after the budget, and runs the next one", async () => {
    const queue = new RenderQueue({ concurrency: 1, queueLimit: 10, waitBudgetMs: 20 });
    // Quick tasks bring the measured mean well under the budget, so that b and c are accepted.
    for (let i = 0; i < 30; i++) await queue.run(`quick ${i}`, async () => "done");
    expect(queue.meanTaskMs).toBeLessThan(5);
    const started: string[] = [];
    const a = gate(started, "a");
    const b = gate(started, "b");
    const ra = queue.run("a", a.task);
    const rb = queue.run("b", b.task);
    const late = rb.then(
      () => "ran",
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    a.finish();
    expect(await ra).toBe("a");
    expect(await late).toBeInstanceOf(RenderQueueFullError);
    expect(started).toEqual(["a"]);
    expect([queue.running, queue.queued]).toEqual([0, 0]);
    // The slot passed on: a new task runs at once.
    const c = gate(started, "c");
    const rc = queue.run("c", c.task);
    expect(started).toEqual(["a", "c"]);
    c.finish();
    expect(await rc).toBe("c");
  });

  it("refuses a budget that makes no sense", () => {
    expect(() => new RenderQueue({ concurrency: 1, queueLimit: 1, waitBudgetMs: 0 })).toThrow(RangeError);
  });
});
