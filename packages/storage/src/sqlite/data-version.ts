import type { ChangeCounter } from "../fast-path/compiled-query";

/**
 * Statements that may write, prepared on this process's SQLite connections so far (counted by the
 * statement cache, statement-cache.ts, just before each runs: every statement but a `select`,
 * including `commit`).
 */
let writes = 0;

/** Counts a statement that may write (statement-cache.ts). */
export function countWrite(): void {
  writes++;
}

/**
 * SQLite's `data_version` (`read`) read at most once per turn of the event loop, and again after
 * any statement that may write on a connection of this process. Reading it takes a read lock on the
 * WAL index (file-lock system calls): about 3.5 µs, two reads a GetTaxMatrix (the key, the car), 7 %
 * of its time under load (bench/README.md). Within one turn the value read first stands for a commit
 * of another process (the CLI): the requests received in the turn in which it committed are answered
 * as before it, every later one after it; a write of this process (its own connection, or another
 * storage opened in the same process, as tests do) is seen by the very next read.
 */
export function oncePerTurn(read: () => number): ChangeCounter {
  let version: number | undefined;
  let writesSeen = -1;
  let forgetting = false;
  const forget = () => {
    version = undefined;
    forgetting = false;
  };
  return () => {
    if (version === undefined || writesSeen !== writes) {
      writesSeen = writes;
      version = read();
      if (!forgetting) {
        forgetting = true;
        setImmediate(forget);
      }
    }
    return version;
  };
}
