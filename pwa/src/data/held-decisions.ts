/**
 * Which of the journal's check-ins the device holds the server's decision on (a pass listing it as
 * counted, or its outcome document: rules/check-in-decisions.ts), kept up to date from the
 * collection's change events. A tap must read nothing from IndexedDB beyond its own write (the
 * offline check-in target, ≤ 2× a raw put): a query of the journal's passes asked again after each
 * tap read every one of them back and tripled the tap's cost (decision 197).
 */
import type { RxCollection } from 'rxdb';
import { Observable, take } from 'rxjs';
import { recordsDecidedBy } from '@mastr/rules/check-in-decisions.ts';
import { passDocId } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc } from '@mastr/rules/documents.ts';
import { ofType } from './local-queries.ts';
import type { LocalDoc } from './tenant-docs.ts';

/**
 * The ids of the check-in records decided on the device, live. What was stored before it starts
 * (decisions pulled before a reload forgot their check-ins) is read once: the passes of the
 * journal's check-ins then, and the outcome documents; everything later arrives as a change event
 * (pulled, or told by another tab), answered once per task. Emits the same growing set each time.
 */
export function watchHeldDecisions(
  collection: RxCollection<LocalDoc>,
  journalled$: Observable<readonly CheckInDoc[]>,
): Observable<ReadonlySet<string>> {
  return new Observable<ReadonlySet<string>>((subscriber) => {
    const decided = new Set<string>();
    let ready = false;
    const note = (doc: LocalDoc) => {
      const before = decided.size;
      for (const id of recordsDecidedBy(doc)) decided.add(id);
      return decided.size > before;
    };
    // Answered in a task of its own, once for all the writes before it, not inside RxDB's write:
    // each answer re-splits the journal and may wake the sender, and done inside each pulled
    // batch's write it held the pull's next batch back (the reconnect took 0.5 s longer).
    let soon: ReturnType<typeof setTimeout> | null = null;
    const answerSoon = () => {
      soon ??= setTimeout(() => {
        soon = null;
        subscriber.next(decided);
      }, 0);
    };
    const events = collection.eventBulks$.subscribe((bulk) => {
      let added = false;
      for (const event of bulk.events) if (event.operation !== 'DELETE' && note(event.documentData as LocalDoc)) added = true;
      if (added && ready) answerSoon();
    });
    const first = journalled$.pipe(take(1)).subscribe((journalled) => {
      const passIds = [...new Set(journalled.map((c) => passDocId(c.passKind, c.passId)))];
      Promise.all([collection.findByIds(passIds).exec(), collection.find({ selector: ofType('check-in-outcome') }).exec()])
        .then(([passes, outcomes]) => {
          for (const doc of [...passes.values(), ...outcomes]) note(doc.toJSON() as LocalDoc);
          ready = true;
          subscriber.next(decided);
        })
        .catch((err: unknown) => subscriber.error(err));
    });
    return () => {
      events.unsubscribe();
      first.unsubscribe();
      if (soon) clearTimeout(soon);
    };
  });
}
