/**
 * The checkpointer thread of the audit writer (started by audit-writer-thread.ts). Asked after a
 * commit, it runs a PASSIVE checkpoint of the WAL into the database every `pauseMs` until one finds
 * no new frame, then says it is idle (the writer asks again at its next commit): a steady pace
 * while the service writes, no wake-ups while it is idle.
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

if (isMainThread || !parentPort) throw new Error("checkpointer-thread runs only as a worker thread");
const port = parentPort;
const { file, pauseMs } = workerData as { file: string; pauseMs: number };

const db = new Database(file);
db.pragma("synchronous = FULL");
db.pragma("busy_timeout = 5000");

let timer: NodeJS.Timeout | undefined;
let lastFrames = -1;

function checkpoint(): void {
  let frames = -1;
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[];
    if (result && result.log === result.checkpointed) frames = result.log;
  } catch {
    // Busy or failed: try again at the next tick.
  }
  if (frames !== -1 && frames === lastFrames) {
    clearInterval(timer);
    timer = undefined;
    lastFrames = -1;
    port.postMessage(0);
  } else lastFrames = frames;
}

port.on("message", () => {
  if (timer === undefined) timer = setInterval(checkpoint, pauseMs);
});
