import { describe, expect, it } from 'vitest';
import { landingPathPattern } from './page-hints.ts';

const ID = '5eed00000000000000000a01';

describe('landingPathPattern', () => {
  it('takes an id where the path has :id, and only an id', () => {
    const gym = landingPathPattern('/gyms/:id');
    expect(gym.test(`/gyms/${ID}`)).toBe(true);
    expect(gym.test(`/gyms/${ID}/`)).toBe(true);
    // Another page of the app at the same depth, and ids of the wrong shape.
    expect(gym.test('/gyms/forgotten-password')).toBe(false);
    expect(gym.test(`/gyms/${ID.toUpperCase()}`)).toBe(false);
    expect(gym.test(`/gyms/${ID}0`)).toBe(false);
  });

  it('answers the path itself, not a deeper or a shallower one', () => {
    expect(landingPathPattern('/gyms').test('/gyms')).toBe(true);
    expect(landingPathPattern('/gyms').test('/gyms/x')).toBe(false);
    expect(landingPathPattern('/gyms/:id').test(`/gyms/${ID}/coaches`)).toBe(false);
    expect(landingPathPattern('/gyms/:id/coaches').test(`/gyms/${ID}/coaches`)).toBe(true);
    expect(landingPathPattern('/gyms/:id/coaches').test('/gyms')).toBe(false);
  });

  it('refuses a path it could not match as the app does', () => {
    expect(() => landingPathPattern('/gyms/:slug')).toThrow(/ids and plain words/);
    expect(() => landingPathPattern('/policy/*')).toThrow(/ids and plain words/);
  });
});
