/**
 * The device's one sender (decision 180): one instance, in the leader tab, runs every document
 * type's delivery pass in turn (a gym's check-ins and timetable weeks, a coach's availability
 * weeks). When a pass runs, the pause after a network failure, `wake()` and looking again are the
 * outbox sender's (`outbox-sender.ts`); a failure of some entries pauses only them
 * (`entry-back-off.ts`), so a check-in batch the server refuses does not hold a week back, nor the
 * other way round (decision 153's concern).
 */
import { createOutboxSender, type BackOff, type DeliveryPass, type OutboxSender } from './outbox-sender.ts';

/** A document type as the device sender runs it. */
export interface OutboxType {
  deliver: DeliveryPass;
  /** Calls `changed` whenever what waits to be sent may have changed; answers how to stop. */
  watch(changed: () => void): { unsubscribe(): void };
}

export interface DeviceSenderOptions {
  types: readonly OutboxType[];
  backOff: BackOff;
  /** A pass that failed for the whole device (the network), before the pause. */
  onError(error: unknown): void;
  random?: () => number;
}

export type DeviceSender = Pick<OutboxSender, 'wake' | 'stop'>;

export function createDeviceSender({ types, backOff, onError, random }: DeviceSenderOptions): DeviceSender {
  const sender = createOutboxSender({
    async deliver() {
      let next = Infinity;
      for (const type of types) {
        const asked = await type.deliver();
        if (asked?.lookAgainInMs !== undefined) next = Math.min(next, asked.lookAgainInMs);
      }
      return Number.isFinite(next) ? { lookAgainInMs: next } : undefined;
    },
    backOff,
    onError,
    random,
  });
  const watching = types.map((type) => type.watch(() => sender.changed()));
  return {
    wake: () => sender.wake(),
    stop() {
      sender.stop();
      watching.forEach((w) => w.unsubscribe());
    },
  };
}
