/**
 * Lines calculated ahead of the one being answered. Enough for the audit records of one group
 * commit to be written while the next lines are calculated; small enough that the answers held
 * (at most this many) stay a few megabytes whatever the batch's length.
 */
export const BATCH_WINDOW = 256;

/** A slot of the window: the answer once it is known. */
interface Pending {
  text: string | undefined;
  readonly done: Promise<void>;
}

/**
 * The answers in the order of the lines, several lines in flight (`window`): each line is started
 * as it is read, and an answer leaves only when every line before it has left. Each step hands out
 * the first answer and every one after it already known, so a reader gets few large chunks. The
 * lines are pulled only as answers are taken: nothing is read ahead of the window. An answer never
 * waits for the next line: while the body pauses (a client that sends a line and waits for its
 * answer), the answers of the lines already read leave as they are ready.
 */
export async function* answersInOrder<T>(
  items: AsyncIterable<T>,
  answer: (item: T) => Promise<string>,
  window: number = BATCH_WINDOW,
): AsyncGenerator<string> {
  const queue: Pending[] = [];
  const start = (item: T) => {
    const slot: Pending = {
      text: undefined,
      done: answer(item).then((text) => {
        slot.text = text;
      }),
    };
    queue.push(slot);
  };
  const release = async (): Promise<string> => {
    await queue[0]?.done;
    let out = "";
    while (queue.length > 0 && queue[0]?.text !== undefined) out += `${queue.shift()?.text}\n`;
    return out;
  };
  const lines = items[Symbol.asyncIterator]();
  /** The read in progress, kept across answers handed out while it waits for the body. */
  let reading: Promise<IteratorResult<T>> | undefined;
  let failure: { error: unknown } | undefined;
  let ended = false;
  try {
    while (!ended) {
      if (queue.length >= window) {
        yield await release();
        continue;
      }
      if (!reading) {
        reading = lines.next();
        // Rejections are handled where it is awaited; this only keeps an abandoned read quiet.
        reading.catch(() => {});
      }
      const head = queue[0];
      const next = head ? await Promise.race([reading, head.done.then(() => undefined)]) : await reading;
      if (next === undefined) {
        yield await release();
        continue;
      }
      reading = undefined;
      if (next.done) ended = true;
      else start(next.value);
    }
  } catch (error) {
    // The lines started before the failure are answered (and audited) all the same.
    failure = { error };
  }
  while (queue.length > 0) yield await release();
  if (failure) throw failure.error;
}
