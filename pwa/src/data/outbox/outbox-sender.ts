/**
 * The device's one sender (design/sync.md "One device outbox", issue 25): the retry state machine
 * every write path of a device shares, whatever the document type. What is delivered and how is the
 * strategy's (`append-only.ts` for check-ins, `merge-against-base.ts` for schedule weeks); the sender
 * only decides when a delivery pass runs:
 *  - one pass at a time; a change while a pass runs is not lost: the pass runs again when it ends;
 *  - a failed pass pauses the sender: changes wait for the retry (or a wake), so an offline tap does
 *    not also try the network;
 *  - the pause is a capped exponential back-off with jitter, reset by a pass that succeeds
 *    (decisions.md 152): a refusing server is not asked every second, and tablets coming back
 *    together do not retry in step;
 *  - `wake()` (the server is reachable again) ends a pause at once;
 *  - a strategy may ask to look again after a while (a check-in whose outcome has not come).
 */

/** One delivery pass: sends what is due. Throws when the delivery failed (the sender retries later). */
export type DeliveryPass = () => Promise<{ lookAgainInMs?: number } | void>;

export interface BackOff {
  /** The pause after a first failure. */
  firstMs: number;
  /** The longest pause, however many failures in a row (at least `firstMs`). */
  maxMs: number;
}

/** After a 1 s first pause: 1, 2, 4, 8, 10, 10 … seconds (before jitter). */
export const DEFAULT_MAX_RETRY_MS = 10_000;

/**
 * The pause after the `failures`-th failure in a row: doubling from `firstMs` up to `maxMs`, then
 * "equal jitter" (half of it fixed, half random), so it is never more than the doubled pause and
 * never less than half of it.
 */
export function backOffMs(failures: number, { firstMs, maxMs }: BackOff, random: () => number = Math.random): number {
  const doubled = Math.min(Math.max(firstMs, maxMs), firstMs * 2 ** Math.max(0, failures - 1));
  return Math.round(doubled / 2 + (doubled / 2) * random());
}

export interface OutboxSenderOptions {
  deliver: DeliveryPass;
  backOff: BackOff;
  /** A failed pass, before the pause. */
  onError(error: unknown): void;
  /** The jitter's source; a test fixes it. */
  random?: () => number;
}

export interface OutboxSender {
  /** What waits to be sent changed: a pass runs now, after the running one, or after the pause. */
  changed(): void;
  /** The server is reachable again: a pass runs now instead of after the pause. */
  wake(): void;
  stop(): void;
}

export function createOutboxSender({ deliver, backOff, onError, random }: OutboxSenderOptions): OutboxSender {
  let running = false;
  /** Something changed while a pass was running: run again when it ends. */
  let again = false;
  /** The last pass failed: changes wait for the retry or a wake. */
  let pausing = false;
  let stopped = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const after = (ms: number) => {
    clearTimer();
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      pausing = false;
      void run();
    }, ms);
  };

  async function run(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        try {
          const next = await deliver();
          failures = 0;
          if (next?.lookAgainInMs !== undefined) after(next.lookAgainInMs);
          else clearTimer();
        } catch (error) {
          again = false;
          if (stopped) return;
          failures += 1;
          pausing = true;
          onError(error);
          after(backOffMs(failures, backOff, random));
        }
      } while (again && !stopped && !pausing);
    } finally {
      running = false;
    }
  }

  return {
    changed() {
      if (!pausing) void run();
    },
    wake() {
      clearTimer();
      pausing = false;
      void run();
    },
    stop() {
      stopped = true;
      clearTimer();
    },
  };
}
