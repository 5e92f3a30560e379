import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit";

describe("GroupCommit", () => {
  it("writes what arrives in one turn of the event loop together, and answers after the write", async () => {
    const batches: number[][] = [];
    const writer = new GroupCommit<number>(async (items) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      batches.push([...items]);
    });
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        writer.add(i).then(() => {
          expect(batches.flat()).toContain(i);
          done.push(i);
        }),
      ),
    );
    expect(batches).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
    expect(done).toHaveLength(10);
  });

  it("fails only the caller whose item fails, retrying the rest one by one", async () => {
    const written: number[] = [];
    const writer = new GroupCommit<number>(async (items) => {
      if (items.includes(3)) throw new Error("bad row");
      written.push(...items);
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => writer.add(i)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(written.sort()).toEqual([1, 2, 4]);
  });

  it("drains before closing", async () => {
    const written: number[] = [];
    const writer = new GroupCommit<number>(async (items) => {
      written.push(...items);
    });
    void writer.add(1);
    void writer.add(2);
    await writer.drain();
    expect(written).toEqual([1, 2]);
  });
});
