import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoachMe, GymMe } from '@mastr/rules/api/me.ts';
import { deleteMeProfiles, loadMeProfile, saveMeProfile } from './me-profile-cache.ts';

const GYM_ID = 'a'.repeat(24);
const OTHER_GYM_ID = 'b'.repeat(24);
const COACH_ID = 'c'.repeat(24);

const gym = (over: Partial<GymMe> = {}) => ({ _id: GYM_ID, gymName: 'Iron Temple', status: true, ...over }) as GymMe;
const coach = { _id: COACH_ID, firstName: 'Ana', lastName: 'Silva' } as CoachMe;

afterEach(async () => {
  await deleteMeProfiles();
});

describe('me profile cache', () => {
  it('answers the last profile kept for the account, with when it was kept', async () => {
    await saveMeProfile('gym', GYM_ID, gym(), new Date('2026-11-21T10:00:00Z'));
    await saveMeProfile('gym', GYM_ID, gym({ gymName: 'Iron Temple MMA' }), new Date('2026-11-21T11:30:00Z'));
    expect(await loadMeProfile('gym', GYM_ID)).toEqual({
      profile: gym({ gymName: 'Iron Temple MMA' }),
      savedAt: '2026-11-21T11:30:00.000Z',
    });
  });

  it('keeps one copy per account and never answers another account or kind', async () => {
    await saveMeProfile('gym', GYM_ID, gym());
    await saveMeProfile('coach', COACH_ID, coach);
    expect(await loadMeProfile('gym', OTHER_GYM_ID)).toBeNull();
    expect(await loadMeProfile('coach', GYM_ID)).toBeNull();
    expect((await loadMeProfile('coach', COACH_ID))?.profile).toEqual(coach);
  });

  it('answers null without an account id and keeps nothing for one', async () => {
    await saveMeProfile('gym', '', gym());
    expect(await loadMeProfile('gym', '')).toBeNull();
  });

  it("forgets one account's copy on logout and leaves the others", async () => {
    await saveMeProfile('gym', GYM_ID, gym());
    await saveMeProfile('gym', OTHER_GYM_ID, gym({ _id: OTHER_GYM_ID }));
    await deleteMeProfiles(GYM_ID);
    expect(await loadMeProfile('gym', GYM_ID)).toBeNull();
    expect(await loadMeProfile('gym', OTHER_GYM_ID)).not.toBeNull();
  });

  it('forgets every copy when no account is named', async () => {
    await saveMeProfile('gym', GYM_ID, gym());
    await saveMeProfile('coach', COACH_ID, coach);
    await deleteMeProfiles();
    expect(await loadMeProfile('gym', GYM_ID)).toBeNull();
    expect(await loadMeProfile('coach', COACH_ID)).toBeNull();
  });
});
