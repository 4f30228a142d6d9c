import { BOOKING_DOC_PREFIX, bookingDocId } from '@mastr/rules/doc-ids.ts';
import type { BookingDoc } from '@mastr/rules/documents.ts';
import type { TenantKind } from '@mastr/rules/roles.ts';
import { couchStatus, type Couch } from '../couch.ts';
import { docsWithPrefix, fetchDocs, getDoc, tenantDb, updateDoc } from '../tenant-docs.ts';
import { ensureTenantDatabase } from './tenant-databases.ts';

/**
 * Paid private sessions (`booking:{bookingId}`), one copy in each party's database (the coach's, the
 * member's, the gym's). The coach's copy decides a cancellation under its revision; the others
 * follow it.
 */

type StoredBooking = BookingDoc & { _rev: string };
const bookingsDb = (couch: Couch, kind: TenantKind, owner: string) => tenantDb<BookingDoc>(couch, kind, owner);

/** One party's copy of a booking, or null. */
export function getBooking(couch: Couch, kind: TenantKind, owner: string, bookingId: string) {
  return getDoc(bookingsDb(couch, kind, owner), bookingDocId(bookingId));
}

/** Every booking in one party's database, in id order. */
export function bookingsIn(couch: Couch, kind: TenantKind, owner: string): Promise<BookingDoc[]> {
  return docsWithPrefix(bookingsDb(couch, kind, owner), BOOKING_DOC_PREFIX);
}

/** One party's copies of these bookings (by booking id) that exist, in one read, by document id. */
export function bookingsById(couch: Couch, kind: TenantKind, owner: string, bookingIds: readonly string[]) {
  return fetchDocs(bookingsDb(couch, kind, owner), bookingIds.map(bookingDocId));
}

/** Read-modify-write of one party's copy under its revision (`updateDoc`: null leaves it as it is). */
export function updateBooking(
  couch: Couch,
  kind: TenantKind,
  owner: string,
  docId: string,
  change: (current: StoredBooking | null) => BookingDoc | null,
): Promise<StoredBooking | null> {
  return updateDoc(bookingsDb(couch, kind, owner), docId, change);
}

/** Writes one party's copy (creating its database if needed): false when an earlier delivery wrote it already. */
export async function createBooking(couch: Couch, kind: TenantKind, owner: string, booking: BookingDoc) {
  await ensureTenantDatabase(couch, kind, owner);
  const { _rev: _ignored, ...fresh } = booking;
  try {
    await bookingsDb(couch, kind, owner).insert(fresh);
    return true;
  } catch (err) {
    if (couchStatus(err) === 409) return false;
    throw err;
  }
}
