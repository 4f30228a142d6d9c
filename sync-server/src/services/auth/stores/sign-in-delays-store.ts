import { couchStatus, type Couch } from '../../../couch/couch.ts';
import { DB } from '../../../couch/databases.ts';
import { getDoc, updateDoc } from '../../../couch/tenant-docs.ts';

/**
 * Sign-in delay records (`signin-delay:{hash}` in `mastr_auth`): the wrong passwords one address
 * tried on one account, and when it may try again.
 */
export interface SignInDelayDoc {
  _id: string;
  _rev?: string;
  type: 'signin-delay';
  failures: number;
  /** Before this instant an attempt is not checked at all (429 with Retry-After). */
  nextAttemptAt: string;
  expiresAt: string;
}

const delaysDb = (couch: Couch) => couch.use<SignInDelayDoc>(DB.auth);

/** The record with this id, or null. */
export function getSignInDelay(couch: Couch, id: string) {
  return getDoc(delaysDb(couch), id);
}

/** Read-modify-write of the record under its revision (`updateDoc`), so concurrent failures all count. */
export async function updateSignInDelay(
  couch: Couch,
  id: string,
  change: (current: (SignInDelayDoc & { _rev: string }) | null) => SignInDelayDoc | null,
): Promise<void> {
  await updateDoc(delaysDb(couch), id, change);
}

/** Deletes the record at the revision read; one changed or removed meanwhile (409, 404) is left as it is. */
export async function removeSignInDelay(couch: Couch, doc: SignInDelayDoc & { _rev: string }): Promise<void> {
  try {
    await delaysDb(couch).destroy(doc._id, doc._rev);
  } catch (err) {
    if (couchStatus(err) !== 409 && couchStatus(err) !== 404) throw err;
  }
}
