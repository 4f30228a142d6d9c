/**
 * One CouchDB read for identical reads in flight at once (design/sync.md "Live feeds", decision
 * 171). When a gym's Wi-Fi comes back, its tablets long-poll their one database from the same
 * sequence within milliseconds of each other and catch up through the same batches: each batch of
 * 1,000 documents was read from CouchDB once per tablet. A read that finds the same read (same
 * database, same parameters) already running waits for it instead.
 *
 * A shared answer began before the caller asked, so it may lack a change made in between: the
 * caller takes it only when `useful` says so (a long-poll: it holds changes, and the device polls
 * again from its `last_seq` for the rest), else it reads for itself. It is also marked `shared`, so
 * the caller does not take it as proof of what the database held when it asked.
 */
export interface SharedReads<T> {
  read(key: string, read: () => Promise<T>, useful: (answer: T) => boolean): Promise<{ answer: T; shared: boolean }>;
}

export function createSharedReads<T>(): SharedReads<T> {
  const running = new Map<string, Promise<T>>();
  return {
    async read(key, read, useful) {
      const other = running.get(key);
      if (other) {
        const answer = await other.then(
          (value) => ({ value }),
          () => null, // its caller hears of the failure; this one reads for itself
        );
        if (answer && useful(answer.value)) return { answer: answer.value, shared: true };
      }
      const mine = read();
      running.set(key, mine);
      try {
        return { answer: await mine, shared: false };
      } finally {
        if (running.get(key) === mine) running.delete(key);
      }
    },
  };
}
