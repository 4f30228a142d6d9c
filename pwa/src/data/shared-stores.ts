/**
 * One open store per account per tab, shared by every provider that asks for it. React's strict
 * mode (and quick remounts when moving between dashboard pages) mount, unmount and mount again in
 * one go; opening a second RxDB handle then closes the first mid-open. So handles are counted and a
 * store is stopped only when nobody has asked for it again by the next task.
 */
interface Entry<S> {
  promise: Promise<S>;
  users: number;
  stopTimer?: ReturnType<typeof setTimeout>;
}

export function createSharedStores<S extends { stop(): Promise<void> }>(open: (key: string) => Promise<S>) {
  const entries = new Map<string, Entry<S>>();
  return {
    acquire(key: string): { promise: Promise<S>; release: () => void } {
      let entry = entries.get(key);
      if (!entry) {
        const created: Entry<S> = { promise: open(key), users: 0 };
        created.promise.catch(() => entries.get(key) === created && entries.delete(key));
        entries.set(key, created);
        entry = created;
      }
      const held = entry;
      clearTimeout(held.stopTimer);
      held.users += 1;
      let released = false;
      return {
        promise: held.promise,
        release() {
          if (released) return;
          released = true;
          held.users -= 1;
          if (held.users > 0) return;
          held.stopTimer = setTimeout(() => {
            if (held.users > 0 || entries.get(key) !== held) return;
            entries.delete(key);
            held.promise.then((store) => store.stop(), () => undefined);
          }, 0);
        },
      };
    },
    /** Open handles right now (tests). */
    size: () => entries.size,
  };
}
