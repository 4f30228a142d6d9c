import { describe, expect, it, vi } from 'vitest';
import { createSharedStores } from './shared-stores.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createSharedStores', () => {
  it('opens once for a mount, unmount and remount in one go, and keeps the store open', async () => {
    const stop = vi.fn(async () => {});
    const open = vi.fn(async () => ({ stop }));
    const stores = createSharedStores(open);
    const first = stores.acquire('gym:a');
    first.release();
    const second = stores.acquire('gym:a');
    await tick();
    expect(open).toHaveBeenCalledTimes(1);
    expect(await second.promise).toBe(await first.promise);
    expect(stop).not.toHaveBeenCalled();
    second.release();
    await tick();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(stores.size()).toBe(0);
  });

  it('opens a fresh store after the last user released it, and forgets a store that failed to open', async () => {
    let opened = 0;
    const stores = createSharedStores(async () => {
      opened += 1;
      if (opened === 2) throw new Error('no IndexedDB');
      return { stop: async () => {} };
    });
    stores.acquire('coach:b').release();
    await tick();
    const failing = stores.acquire('coach:b');
    await expect(failing.promise).rejects.toThrow('no IndexedDB');
    failing.release();
    await tick();
    await stores.acquire('coach:b').promise;
    expect(opened).toBe(3);
  });
});
