import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';

/**
 * A seeded pseudo-random generator (mulberry32): the same seed drops the same requests, so a
 * failing run can be repeated.
 */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A flaky network between devices and the server, on loopback: each request is lost with
 * probability `rate`, half of the losses before the server sees the request, half after it has
 * handled it and before its answer arrives (the case that makes a retry a second delivery).
 */
export async function startDroppingProxy(target: string, rate: number, seed: number): Promise<FaultProxy> {
  const proxy = await startFaultProxy(target);
  const random = seeded(seed);
  proxy.decide(() => {
    if (random() >= rate) return 'pass';
    return random() < 0.5 ? 'drop-request' : 'drop-answer';
  });
  return proxy;
}
