import { describe, expect, it } from 'vitest';
import { afterFailedRefresh, type KnownIdentity } from './known-identity.ts';

const known: KnownIdentity = {
  userInfo: { email: 'gym@demo.mastr.uk', roles: [1984], profileId: 'a'.repeat(24) },
  profileName: 'Gym',
};

describe('afterFailedRefresh', () => {
  it('keeps a kept session usable offline when the server does not answer or fails', () => {
    expect(afterFailedRefresh(0, true, known)).toBe('offline');
    expect(afterFailedRefresh(502, true, known)).toBe('offline');
  });

  it('signs out when the server refused the session', () => {
    expect(afterFailedRefresh(401, true, known)).toBe('signed-out');
    expect(afterFailedRefresh(403, true, known)).toBe('signed-out');
  });

  it('never keeps a session that was not kept, or with nobody remembered', () => {
    expect(afterFailedRefresh(0, false, known)).toBe('signed-out');
    expect(afterFailedRefresh(0, true, null)).toBe('signed-out');
  });
});
