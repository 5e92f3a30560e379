import { describe, expect, it } from "vitest";
import { countWrite, oncePerTurn } from "./data-version";

describe("oncePerTurn", () => {
  it("reads once per turn of the event loop, and again after a write of this process", async () => {
    let reads = 0;
    let version = 1;
    const changes = oncePerTurn(() => {
      reads++;
      return version;
    });
    expect([changes(), changes(), changes()]).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
    // Another process commits: seen from the next turn on.
    version = 2;
    expect(changes()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(changes()).toBe(2);
    expect(reads).toBe(2);
    // A write of this process: seen by the very next read, in the same turn.
    version = 3;
    countWrite();
    expect(changes()).toBe(3);
    expect(changes()).toBe(3);
    expect(reads).toBe(3);
  });
});
