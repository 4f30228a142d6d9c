/**
 * Account editing (§7 "Gym account", "Coach account", the member's profile image) and deleting an
 * account. Every edit is a POST of one field; the answer carries the stored value (prices in pence,
 * images as their URL) and the account's Active status, which an edit may change (go-live.ts).
 */
import type { Address } from '../documents.ts';
import type { GoLiveStep } from '../go-live.ts';

/** An image as the page reads it from a file input: a `data:image/jpeg|png|webp;base64,…` URL, at most 5 MB of image. */
export interface ProfileImageRequest {
  profileImage: string;
}

/** What the status of an account is after an edit, with what is still missing to be Active. */
interface AfterEdit {
  status: boolean;
  missingSteps: GoLiveStep[];
}

/** The bodies of POST /api/me/gyms/account/{field}, as §7 names them; prices are typed in pounds (§5). */
export interface GymAccountRequests {
  profileImage: ProfileImageRequest;
  gym_name: { gymName: string };
  address: Address;
  bio: { bio: string };
  adultDayPass: { adultDayPassPrice: string | number };
  kidsDayPass: { kidsDayPassPrice: string | number };
}

/** Their answers: the stored field (pence for prices, the image's URL) and the gym's status. */
export interface GymAccountResponses {
  profileImage: AfterEdit & { profileImage: string };
  gym_name: AfterEdit & { gymName: string };
  address: AfterEdit & { address: Address };
  bio: AfterEdit & { bio: string };
  adultDayPass: AfterEdit & { adultDayPassPrice: number };
  kidsDayPass: AfterEdit & { kidsDayPassPrice: number };
}

/**
 * What Remove posts for a social (§7: "each social Remove posts a fixed placeholder value"): the
 * empty username, stored as "no link".
 */
export const REMOVED_SOCIAL = '';

/** The bodies of POST /api/me/coaches/account/{field}, as §7 names them. */
export interface CoachAccountRequests {
  profileImage: ProfileImageRequest;
  discipline: { discipline: string };
  sessionPreferenceType: { sessionPreference: string };
  first_name: { firstName: string };
  last_name: { lastName: string };
  price: { price: string | number };
  'socials/instagram': { instagram_link: string };
  'socials/tiktok': { tiktok_username: string };
  'socials/youtube': { youtube_username: string };
}

export interface CoachAccountResponses {
  profileImage: AfterEdit & { profileImage: string };
  discipline: AfterEdit & { discipline: string };
  sessionPreferenceType: AfterEdit & { sessionPreferenceType: string };
  first_name: AfterEdit & { firstName: string };
  last_name: AfterEdit & { lastName: string };
  price: AfterEdit & { price: number };
  'socials/instagram': AfterEdit & { instagramUsername: string };
  'socials/tiktok': AfterEdit & { tiktokUsername: string };
  'socials/youtube': AfterEdit & { youtubeUsername: string };
}

/** POST /api/me/users/account/profileImage answers the stored image's URL. */
export interface UserProfileImageResponse {
  profileImage: string;
}
