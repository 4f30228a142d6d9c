/**
 * Private sessions on the device (design/sync.md "Answers and payment"): the slot requests members
 * made of this coach and the paid sessions (bookings), readable offline.
 */
import type { RxCollection } from 'rxdb';
import type { Observable } from 'rxjs';
import type { BookingDoc, CoachRequestDoc } from '@mastr/rules/documents.ts';
import { watchDocs } from './local-queries.ts';
import type { LocalDoc } from './tenant-docs.ts';

export interface SessionData {
  /** Every coach slot request on the device (a coach's received ones, a member's own), in no order. */
  watchCoachRequests(): Observable<CoachRequestDoc[]>;
  /** Every booking on the device, cancelled ones too, in no order. */
  watchBookings(): Observable<BookingDoc[]>;
}

export function createSessionData(collection: RxCollection<LocalDoc>): SessionData {
  return {
    watchCoachRequests: () => watchDocs<CoachRequestDoc>(collection, 'coach-request'),
    watchBookings: () => watchDocs<BookingDoc>(collection, 'booking'),
  };
}
