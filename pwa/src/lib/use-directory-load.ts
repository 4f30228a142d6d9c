import { useEffect, useState } from 'react';
import { statusOf } from '../api/index.ts';

export type DirectoryLoad<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  /** 404: the gym does not exist or is not public. */
  | { state: 'missing' }
  | { state: 'failed'; message: string };

/**
 * Loads a public directory resource once per key, aborting the call when the key changes or the
 * page goes away. Errors keep the server's message (or 'No Server Response' offline with nothing
 * cached) for the page to show.
 */
export function useDirectoryLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): DirectoryLoad<T> {
  const [result, setResult] = useState<{ key: string; outcome: DirectoryLoad<T> }>({
    key,
    outcome: { state: 'loading' },
  });

  // `load` is a fetcher bound to `key`, a new function each render: the key alone decides when to load again.
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setResult({ key, outcome: { state: 'ready', data } }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const message = err instanceof Error ? err.message : String(err);
        setResult({ key, outcome: statusOf(err) === 404 ? { state: 'missing' } : { state: 'failed', message } });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` changes every render; the key decides.
  }, [key]);

  // Until this key's answer arrives (and never with the previous key's answer) it is loading.
  return result.key === key ? result.outcome : { state: 'loading' };
}
