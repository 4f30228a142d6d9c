import { describe, expect, it } from 'vitest';
import type { AccountDoc, CoachProfileDoc, GymProfileDoc, UserProfileDoc } from '@mastr/rules/documents.ts';
import { coachView, gymView, profileDisplayName, userView } from './profile-views.ts';

const id = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const createdAt = '2026-01-01T00:00:00.000Z';

function account(kind: AccountDoc['kind']): AccountDoc {
  return {
    _id: `account:${id}`,
    _rev: '3-abc',
    type: 'account',
    kind,
    profileId: id,
    email: 'sam@example.com',
    mobile: '07700 900123',
    mobileKey: '7700900123',
    passwordHash: '$argon2id$secret',
    verified: true,
    createdAt,
    verifiedAt: createdAt,
    googleSub: 'google-sub',
  };
}

const user: UserProfileDoc = {
  _id: `user:${id}`,
  _rev: '1-x',
  type: 'user',
  name: 'Sam',
  profileImage: 'img',
  coachProfileId: null,
  createdAt,
};
const gym: GymProfileDoc = {
  _id: `gym:${id}`,
  _rev: '1-x',
  type: 'gym',
  gymName: 'Iron Temple',
  address: {
    addressLineOne: '1 High St',
    addressLineTwo: '',
    addressTownOrCity: 'Leeds',
    addressPostalCode: 'LS1 1AA',
  },
  status: true,
  subscribed: true,
  mastrPlan: 'Standard',
  bio: 'Bio',
  adultDayPassPrice: 1500,
  kidsDayPassPrice: 800,
  profileImage: 'p',
  coverImage: 'c',
  stripeAccountDetailsSubmittedStatus: true,
  mastrClassActive: true,
  mastrClassDefault: { weekday: 2, time: 68400, cancelled: false },
  createdAt,
};
const coach: CoachProfileDoc = {
  _id: `coach:${id}`,
  _rev: '1-x',
  type: 'coach',
  firstName: 'Casey',
  lastName: 'Jones',
  discipline: 'Boxing',
  sessionPreferenceType: '1 to 1',
  status: true,
  profileImage: 'p',
  price: 4000,
  instagramUsername: 'ig',
  tiktokUsername: 'tt',
  youtubeUsername: 'yt',
  stripeAccountDetailsSubmittedStatus: false,
  createdAt,
};

const FORBIDDEN = [
  'passwordHash',
  'googleSub',
  'verified',
  'verifiedAt',
  'mobileKey',
  'type',
  '_rev',
  'createdAt',
  'kind',
];

describe('private profile views', () => {
  it('maps a member to the §3 user fields with the bare profile id', () => {
    const view = userView(account('user'), user);
    expect(view).toMatchObject({
      _id: id,
      name: 'Sam',
      email: 'sam@example.com',
      mobile: '07700 900123',
      profileImage: 'img',
      coachProfileId: null,
    });
    // The lists come from the tenant databases (me-views-service.ts), not from the profile.
    expect(Object.keys(view).sort()).toEqual(['_id', 'coachProfileId', 'email', 'mobile', 'name', 'profileImage']);
  });

  it('maps a gym with address, prices in pence, plan and Mastr class fields', () => {
    expect(gymView(account('gym'), gym)).toMatchObject({
      _id: id,
      gymName: 'Iron Temple',
      email: 'sam@example.com',
      address: gym.address,
      status: true,
      subscribed: true,
      mastrPlan: 'Standard',
      bio: 'Bio',
      adultDayPassPrice: 1500,
      kidsDayPassPrice: 800,
      profileImage: 'p',
      coverImage: 'c',
      stripeAccountDetailsSubmittedStatus: true,
      mastrClassActive: true,
      mastrClassDefault: gym.mastrClassDefault,
    });
  });

  it('maps a coach with socials and price', () => {
    expect(coachView(account('coach'), coach)).toMatchObject({
      _id: id,
      firstName: 'Casey',
      lastName: 'Jones',
      discipline: 'Boxing',
      sessionPreferenceType: '1 to 1',
      status: true,
      price: 4000,
      instagramUsername: 'ig',
      tiktokUsername: 'tt',
      youtubeUsername: 'yt',
    });
  });

  it.each([
    ['user', user],
    ['gym', gym],
    ['coach', coach],
  ] as const)('leaves credentials and CouchDB internals out of the %s view', (kind, profile) => {
    const view =
      profile.type === 'user'
        ? userView(account(kind), profile)
        : profile.type === 'gym'
          ? gymView(account(kind), profile)
          : coachView(account(kind), profile);
    for (const key of FORBIDDEN) expect(view).not.toHaveProperty(key);
    expect(JSON.stringify(view)).not.toContain('argon2');
  });

  it('copies nested objects so callers cannot change the source documents', () => {
    const view = gymView(account('gym'), gym);
    view.address.addressLineOne = 'changed';
    expect(gym.address.addressLineOne).toBe('1 High St');
  });

  it('names a coach "First Last", a gym by its name, a member by name', () => {
    expect(profileDisplayName(coach)).toBe('Casey Jones');
    expect(profileDisplayName(gym)).toBe('Iron Temple');
    expect(profileDisplayName(user)).toBe('Sam');
  });
});
