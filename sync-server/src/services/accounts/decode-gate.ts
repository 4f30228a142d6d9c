import type { DecodeLimits } from '../../config.ts';

/**
 * At most `slots` profile images are decoded at once on one server instance, `queue` more wait for a
 * slot, and one account has at most one upload decoding or waiting (design/security.md "Abuse: image
 * uploads"). Beyond that an upload is turned away at once, never queued without bound: a decode
 * holds a thread of libuv's pool (4 by default) for its whole run, and argon2 (sign-in) and the
 * embedded CouchDB's leveldb need that pool too. In memory and per instance, like the live-feed cap:
 * it bounds this instance's work, and nothing is lost when it goes.
 */

type GateAnswer<T> =
  | { outcome: 'done'; value: T }
  /** This account already has an upload decoding or waiting. */
  | { outcome: 'account-busy' }
  /** Every slot and every place in the queue is taken. */
  | { outcome: 'full' };

export interface DecodeGate {
  run<T>(account: string, work: () => Promise<T>): Promise<GateAnswer<T>>;
}

export function createDecodeGate({ slots, queue }: DecodeLimits): DecodeGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  const accounts = new Set<string>();
  return {
    async run(account, work) {
      if (accounts.has(account)) return { outcome: 'account-busy' };
      if (running >= slots && waiting.length >= queue) return { outcome: 'full' };
      accounts.add(account);
      try {
        if (running < slots) running += 1;
        // A finished decode hands its slot straight to the next in line (running stays the same).
        else await new Promise<void>((resolve) => waiting.push(resolve));
        try {
          return { outcome: 'done', value: await work() };
        } finally {
          const next = waiting.shift();
          if (next) next();
          else running -= 1;
        }
      } finally {
        accounts.delete(account);
      }
    },
  };
}

const gates = new WeakMap<object, DecodeGate>();

/** The gate of one server instance (its deps): every profile-image route of every kind goes through it. */
export function decodeGateFor(deps: { config: { imageDecodes: DecodeLimits } }): DecodeGate {
  let gate = gates.get(deps);
  if (!gate) {
    gate = createDecodeGate(deps.config.imageDecodes);
    gates.set(deps, gate);
  }
  return gate;
}
