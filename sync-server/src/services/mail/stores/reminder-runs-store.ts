import { couchStatus, type Couch } from '../../../couch/couch.ts';
import { DB } from '../../../couch/databases.ts';
import { getDoc } from '../../../couch/tenant-docs.ts';

/** `reminder-run:{run}:{UK day}` in mastr_mail: that day's run, done once across every instance. */
export interface ReminderRunDoc {
  _id: string;
  _rev?: string;
  type: 'reminder-run';
  state: 'running' | 'done';
  holder: string;
  leaseUntil: string;
  attempts: number;
  /** Reminders queued by the attempt that finished the run. */
  queued?: number;
  doneAt?: string;
}

const runsDb = (couch: Couch) => couch.use<ReminderRunDoc>(DB.mail);

/** The run with this id, or null. */
export function getReminderRun(couch: Couch, id: string) {
  return getDoc(runsDb(couch), id);
}

/**
 * Writes the run on the revision it carries (none: a new one): its new revision, or null when
 * another instance wrote it first (409), which is how one instance of several holds a run.
 */
export async function writeReminderRun(couch: Couch, run: ReminderRunDoc): Promise<string | null> {
  try {
    return (await runsDb(couch).insert(run)).rev;
  } catch (err) {
    if (couchStatus(err) === 409) return null;
    throw err;
  }
}
