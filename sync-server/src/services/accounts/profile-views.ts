import type { CoachProfile, GymProfile, UserProfile } from '@mastr/rules/api/me.ts';
import type { AccountDoc, CoachProfileDoc, GymProfileDoc, UserProfileDoc } from '@mastr/rules/documents.ts';
import type { ProfileDoc } from '../../couch/stores/profiles-store.ts';
import { publicImageUrl } from './profile-images.ts';

/**
 * The profile part of the signed-in account's own view (GET /api/me/*, rules/api/me.ts): the §3 field
 * names, built from the account (email, mobile) and the profile doc. Nothing else leaves the server:
 * no password hash, no Google subject, no verification state, no CouchDB `type`/`_rev`/prefixed `_id`.
 * The lists (passes, schedule, availability, memberships, requests) are read from the tenant
 * databases by me-views-service.ts.
 */

export function userView(account: AccountDoc, profile: UserProfileDoc): UserProfile {
  return {
    _id: account.profileId,
    name: profile.name,
    email: account.email,
    mobile: account.mobile,
    profileImage: publicImageUrl(profile.profileImage),
    coachProfileId: profile.coachProfileId,
  };
}

export function gymView(account: AccountDoc, profile: GymProfileDoc): GymProfile {
  return {
    _id: account.profileId,
    gymName: profile.gymName,
    email: account.email,
    mobile: account.mobile,
    address: { ...profile.address },
    status: profile.status,
    mastrPlan: profile.mastrPlan,
    subscribed: profile.subscribed,
    bio: profile.bio,
    adultDayPassPrice: profile.adultDayPassPrice,
    kidsDayPassPrice: profile.kidsDayPassPrice,
    profileImage: publicImageUrl(profile.profileImage),
    coverImage: publicImageUrl(profile.coverImage),
    stripeAccountDetailsSubmittedStatus: profile.stripeAccountDetailsSubmittedStatus,
    mastrClassActive: profile.mastrClassActive,
    mastrClassDefault: profile.mastrClassDefault ? { ...profile.mastrClassDefault } : null,
  };
}

export function coachView(account: AccountDoc, profile: CoachProfileDoc): CoachProfile {
  return {
    _id: account.profileId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: account.email,
    mobile: account.mobile,
    discipline: profile.discipline,
    sessionPreferenceType: profile.sessionPreferenceType,
    status: profile.status,
    profileImage: publicImageUrl(profile.profileImage),
    price: profile.price,
    instagramUsername: profile.instagramUsername,
    tiktokUsername: profile.tiktokUsername,
    youtubeUsername: profile.youtubeUsername,
    stripeAccountDetailsSubmittedStatus: profile.stripeAccountDetailsSubmittedStatus,
  };
}

/** The name sign-in returns as profile_name: 'First Last' for a coach, the gym's name, a member's name. */
export function profileDisplayName(profile: ProfileDoc): string {
  switch (profile.type) {
    case 'user':
      return profile.name;
    case 'gym':
      return profile.gymName;
    case 'coach':
      return `${profile.firstName} ${profile.lastName}`.trim();
  }
}
