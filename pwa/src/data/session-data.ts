/** Private sessions on the device (design/sync.md "Answers and payment"): paid bookings and the member's or gym's PT requests. */
import type { RxCollection } from 'rxdb';
import type { Observable } from 'rxjs';
import type { BookingDoc, CoachRequestDoc, GymRequestDoc } from '@mastr/rules/documents.ts';
import { watchDocs } from './local-queries.ts';
import type { LocalDoc } from './tenant-docs.ts';

export interface SessionData {
  /** Every booking on the device, cancelled and past ones too. */
  watchBookings(): Observable<BookingDoc[]>;
  /** The member's requests to coaches (a coach's device holds those made to it). */
  watchCoachRequests(): Observable<CoachRequestDoc[]>;
  /** PT requests to gyms: a member's own, or those made to a gym. */
  watchGymRequests(): Observable<GymRequestDoc[]>;
}

export function createSessionData(collection: RxCollection<LocalDoc>): SessionData {
  return {
    watchBookings: () => watchDocs<BookingDoc>(collection, 'booking'),
    watchCoachRequests: () => watchDocs<CoachRequestDoc>(collection, 'coach-request'),
    watchGymRequests: () => watchDocs<GymRequestDoc>(collection, 'gym-request'),
  };
}
