import type { Plugin } from '@hapi/hapi';
import type { Deps } from '../deps.ts';

/**
 * Delivers the durable mail outbox (services/mail/mail-outbox.ts) on a timer while the server is
 * started, for what no queueing kicked: a retry whose back-off has passed, or a mail whose sender
 * died holding it. Every instance runs its own (the lease decides who sends); the pause is jittered
 * (±25%) so instances drift apart. A stopping server waits for a round in progress, so no mail is
 * left claimed by a server that stopped cleanly.
 */
export const mailDeliveryPlugin: Plugin<Deps> = {
  name: 'mail-delivery',
  register(server, deps) {
    const intervalMs = deps.config.mailPollIntervalMs;
    let timer: NodeJS.Timeout | undefined;
    let stopped = true;
    const schedule = () => {
      if (stopped || intervalMs <= 0) return;
      timer = setTimeout(
        () => {
          deps.mailer.kick();
          schedule();
        },
        intervalMs * (0.75 + Math.random() * 0.5),
      );
      timer.unref();
    };
    server.ext('onPostStart', () => {
      stopped = false;
      // Mails queued while no instance ran (or left by one that died) go out now.
      deps.mailer.kick();
      schedule();
    });
    server.ext('onPreStop', () => {
      stopped = true;
      clearTimeout(timer);
    });
    // After the last request has finished: a mail it queued is delivered or left queued, never half-claimed.
    server.ext('onPostStop', () => deps.mailer.idle());
  },
};
