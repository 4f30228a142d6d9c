/**
 * The coach's Auction pages (§2 coach "Auction index" and "Auction for one gym", §8 "Coach session
 * actions"): the requests of one gym as rows, whether this coach may still apply, and the texts.
 * Pure: the hook calls the auctionhouse and passes its answers and statuses here.
 */
import { NOT_FINISHED_SIGNING_UP } from '@mastr/rules/texts.ts';
import type { GymSessionRequestView } from '@mastr/rules/api/me.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import { formatHourlyRate } from '@mastr/rules/money.ts';
import { byStartAscending } from '@mastr/rules/pass-listing.ts';

export const AUCTION_TEXTS = {
  title: 'Auction',
  noGyms: 'You are not registered to any Gyms yet.',
  noRequests: 'There are currently no requests for PT sessions at this Gym',
  notSignedUp: NOT_FINISHED_SIGNING_UP,
  loading: 'Loading PT Requests...',
  applyTitle: 'Apply for PT',
  applyLabel: 'Apply',
  applied: 'Applied',
  /** The auction is the server's live list: it needs a connection. */
  offline: 'You are offline. The auction needs a connection to the server.',
} as const;

export const auctionTitle = (gymName: string) => `Auction - ${gymName}`;
export const applyQuestion = (client: string) => `Apply for a PT with ${client}?`;

export interface AuctionRow {
  requestId: string;
  discipline: string;
  /** 'Monday 7th December'. */
  day: string;
  clientName: string;
  start: string;
  end: string;
  /** '£20/hr'. */
  price: string;
  /** This coach has applied: 'Apply' is hidden. */
  applied: boolean;
}

/** The gym's open requests, soonest first, as §2 lists them for this coach. */
export function auctionRows(requests: readonly GymSessionRequestView[], coachId: string): AuctionRow[] {
  return [...requests].sort(byStartAscending((r: GymSessionRequestView) => r.startTime)).map((request) => ({
    requestId: request._id,
    discipline: request.requestedDiscipline,
    day: formatWallClock(request.startTime, DATE_FORMATS.dayMonth),
    clientName: request.clientName,
    start: formatWallClock(request.startTime, DATE_FORMATS.time),
    end: formatWallClock(request.endTime, DATE_FORMATS.time),
    price: formatHourlyRate(request.sessionPrice),
    applied: request.appliedCoaches.some((coach) => coach.coach_id === coachId),
  }));
}

export type ApplyFailure = { banner: boolean; text: string };

/**
 * §8: a 409 is 'Conflict' with the server's message in the dismissible banner (the page scrolls to
 * it); otherwise 400 'Missing ID's' (or the server's reason: not signed up, gone), 401 'Unauthorized', else 'Apply for Session Failed'.
 */
export function applyFailure(status: number, serverMessage = ''): ApplyFailure {
  if (status === 409) return { banner: true, text: serverMessage ? `Conflict: ${serverMessage}` : 'Conflict' };
  if (status === 0) return { banner: false, text: AUCTION_TEXTS.offline };
  if (status === 400) return { banner: false, text: serverMessage || "Missing ID's" };
  if (status === 401) return { banner: false, text: 'Unauthorized' };
  return { banner: false, text: 'Apply for Session Failed' };
}
