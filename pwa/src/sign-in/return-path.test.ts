import { describe, it, expect } from 'vitest';
import { returnPathAfterSignIn } from './return-path.ts';

describe('returnPathAfterSignIn', () => {
  it('returns to the remembered origin with its query', () => {
    const state = {
      from: { pathname: '/gymdashboard/schedule', search: '?week=next', hash: '', key: 'x', state: null },
    };
    expect(returnPathAfterSignIn(state, 'gym')).toBe('/gymdashboard/schedule?week=next');
  });

  it('uses the kind default when no origin was remembered', () => {
    expect(returnPathAfterSignIn(null, 'user')).toBe('/');
    expect(returnPathAfterSignIn(undefined, 'coach')).toBe('/coachdashboard');
    expect(returnPathAfterSignIn({}, 'gym')).toBe('/gymdashboard');
    expect(returnPathAfterSignIn({ from: null }, 'gym')).toBe('/gymdashboard');
  });

  it('ignores an origin that is not an in-app path', () => {
    expect(returnPathAfterSignIn({ from: { pathname: '//evil.example/x' } }, 'user')).toBe('/');
    expect(returnPathAfterSignIn({ from: { pathname: 'https://evil.example/' } }, 'user')).toBe('/');
    expect(returnPathAfterSignIn({ from: { pathname: '/\\evil.example' } }, 'user')).toBe('/');
    expect(returnPathAfterSignIn({ from: 42 }, 'coach')).toBe('/coachdashboard');
  });

  it('accepts a plain path left by a link', () => {
    expect(returnPathAfterSignIn({ from: '/userdashboard/daypasses' }, 'user')).toBe('/userdashboard/daypasses');
  });

  it('tolerates a missing search', () => {
    expect(returnPathAfterSignIn({ from: { pathname: '/gyms/abc' } }, 'user')).toBe('/gyms/abc');
  });
});
