/**
 * What a browser gives the tabs of one origin for RxDB's `multiInstance` (leader election and
 * change events between tabs), in Node, so a device bench measures what a browser would do.
 *
 * RxDB uses the `broadcast-channel` package. In a browser it picks the native BroadcastChannel
 * and elects the replicating tab with the Web Locks API (`navigator.locks`): the first tab gets the
 * lock at once. Node 20 has neither a window nor `navigator.locks`, so the package falls back to
 * methods no browser uses: with fake-indexeddb loaded it passes every change event through an
 * IndexedDB "messages" store polled by timers (each 1,000-document write cloned into and out of
 * fake-indexeddb), and elects a leader by exchanging messages and waiting out their response time
 * (~0.5 s before the first pull). Here: Node's own BroadcastChannel (same structured-clone
 * semantics as the browser's) and an in-process Web Locks lock manager (exclusive locks, FIFO,
 * abortable while waiting), which is what the tabs of one origin share in a browser.
 */
import { enforceOptions } from 'broadcast-channel';

interface Waiter {
  grant(): void;
}

/** The subset of the Web Locks API that broadcast-channel's leader election uses. */
function inProcessLockManager() {
  const held = new Set<string>();
  const waiting = new Map<string, Waiter[]>();
  const grantNext = (name: string) => {
    if (!held.has(name)) waiting.get(name)?.shift()?.grant();
  };
  return {
    request(
      name: string,
      options: { signal?: AbortSignal },
      callback: (lock: { name: string; mode: 'exclusive' }) => unknown,
    ): Promise<unknown> {
      const { signal } = options;
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const queue = waiting.get(name) ?? [];
        const onAbort = () => {
          const at = queue.indexOf(waiter);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          grant() {
            signal?.removeEventListener('abort', onAbort);
            held.add(name);
            // Held until the callback's promise settles, as in a browser.
            Promise.resolve()
              .then(() => callback({ name, mode: 'exclusive' }))
              .then(resolve, reject)
              .finally(() => {
                held.delete(name);
                grantNext(name);
              });
          },
        };
        signal?.addEventListener('abort', onAbort);
        queue.push(waiter);
        waiting.set(name, queue);
        grantNext(name);
      });
    },
    async query() {
      return {
        held: [...held].map((name) => ({ name, mode: 'exclusive' as const })),
        pending: [...waiting].flatMap(([name, queue]) => queue.map(() => ({ name, mode: 'exclusive' as const }))),
      };
    },
  };
}

/** Call before any RxDB database opens. */
export function actLikeBrowserTabs(): void {
  enforceOptions({ type: 'native' });
  if (typeof navigator === 'undefined')
    Object.defineProperty(globalThis, 'navigator', { value: { locks: inProcessLockManager() }, configurable: true });
}
