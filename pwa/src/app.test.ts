import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPageOf } from './app.tsx';

const loaded = vi.hoisted(() => [] as string[]);

vi.mock('./gyms/gym-profile-page.tsx', () => {
  loaded.push('gym profile');
  return { GymProfilePage: () => null };
});
vi.mock('./coaches/coach-profile-page.tsx', () => {
  loaded.push('coach profile');
  return { CoachProfilePage: () => null };
});
vi.mock('./gyms/gyms-page.tsx', () => {
  loaded.push('gym list');
  return { GymsPage: () => null };
});

/** Lets the dynamic imports a preload started settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('preloadPageOf', () => {
  afterEach(() => {
    loaded.length = 0;
  });

  it("asks for the chunk of the page a path shows, and only that page's", async () => {
    preloadPageOf('/gyms/5eed00000000000000000a01');
    await settle();
    expect(loaded).toEqual(['gym profile']);
  });

  it('tells a list from a profile', async () => {
    preloadPageOf('/gyms');
    preloadPageOf('/coaches/5eed00000000000000000c01');
    await settle();
    expect(loaded.sort()).toEqual(['coach profile', 'gym list']);
  });

  it('asks for nothing on the home page, which is in the main chunk', async () => {
    preloadPageOf('/');
    await settle();
    expect(loaded).toEqual([]);
  });
});
