import type { CoachMe, GymMe, MeResponse, UserMe } from '@mastr/rules/api/me.ts';
import type { AccountDoc, CoachProfileDoc, GymProfileDoc, UserProfileDoc } from '@mastr/rules/documents.ts';
import type { ProfileDoc } from './accounts-service.ts';

/**
 * The signed-in account's own profile as GET /api/me/* returns it (rules/api/me.ts): the §3 field
 * names, built from the account (email, mobile) and the profile doc. Nothing else leaves the server:
 * no password hash, no Google subject, no verification state, no CouchDB `type`/`_rev`/prefixed `_id`.
 *
 * The `...Information` lists, schedules and availability are empty here on purpose: they are
 * read from the tenant databases (passes, bookings, requests, memberships), which later issues
 * add; the PWA already renders their empty states.
 */

export function userView(account: AccountDoc, profile: UserProfileDoc): UserMe {
  return {
    _id: account.profileId,
    name: profile.name,
    email: account.email,
    mobile: account.mobile,
    profileImage: profile.profileImage,
    coachProfileId: profile.coachProfileId,
    upcomingDayPassesInformation: [],
    expiredDayPassesInformation: [],
    upcomingMastrClassPassesInformation: [],
    unassignedMastrClassPassesInformation: [],
    privateSessionRequestsInformation: [],
    privateSessionRequestsGymInformation: [],
    upcomingSessions: [],
    upcomingSessionsInformation: [],
    completedSessions: [],
    cancelledSessions: [],
    todaysCompletedSessionsInformation: [],
    archivedBookingsInformation: [],
  };
}

export function gymView(account: AccountDoc, profile: GymProfileDoc): GymMe {
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
    profileImage: profile.profileImage,
    coverImage: profile.coverImage,
    stripeAccountDetailsSubmittedStatus: profile.stripeAccountDetailsSubmittedStatus,
    mastrClassActive: profile.mastrClassActive,
    mastrClassDefault: profile.mastrClassDefault ? { ...profile.mastrClassDefault } : null,
    mastrClassAvailability: [],
    allMastrPasses: [],
    visitors: [],
    upcomingDayPassesInformation: [],
    expiredDayPassesInformation: [],
    coachesInformation: [],
    requestsInformation: [],
    schedule: [],
    upcomingSessionsInformation: [],
    cancelledSessions: [],
    todaysCompletedSessionsInformation: [],
    archivedBookingsInformation: [],
  };
}

export function coachView(account: AccountDoc, profile: CoachProfileDoc): CoachMe {
  return {
    _id: account.profileId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: account.email,
    mobile: account.mobile,
    discipline: profile.discipline,
    sessionPreferenceType: profile.sessionPreferenceType,
    status: profile.status,
    profileImage: profile.profileImage,
    price: profile.price,
    instagramUsername: profile.instagramUsername,
    tiktokUsername: profile.tiktokUsername,
    youtubeUsername: profile.youtubeUsername,
    stripeAccountDetailsSubmittedStatus: profile.stripeAccountDetailsSubmittedStatus,
    registeredGyms: [],
    pendingRequests: [],
    registeredGymsInformation: [],
    pendingRequestsInformation: [],
    availability: [],
    privateSessionRequestsInformation: [],
    upcomingSessions: [],
    upcomingSessionsInformation: [],
    completedSessions: [],
    cancelledSessions: [],
    todaysCompletedSessionsInformation: [],
    archivedBookingsInformation: [],
  };
}

/** The view matching the profile's kind (the account and profile must belong together). */
export function privateProfileView(account: AccountDoc, profile: ProfileDoc): MeResponse {
  switch (profile.type) {
    case 'user':
      return userView(account, profile);
    case 'gym':
      return gymView(account, profile);
    case 'coach':
      return coachView(account, profile);
  }
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
