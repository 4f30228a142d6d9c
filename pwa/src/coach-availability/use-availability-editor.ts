/**
 * Applies the coach's availability edits to the device's copy (local first: instant and offline;
 * replication and conflicts are the data layer's). Edits run one after another, each computed from
 * what the device holds at that moment, so two quick taps never overwrite each other.
 */
import { CHANGE_NOT_SAVED_ON_DEVICE } from '@mastr/rules/texts.ts';
import { useCallback, useRef, useState } from 'react';
import type { AvailabilityWeekDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { useTenantStore } from '../data/index.ts';
import {
  addSlot,
  removeSlot,
  savedEditText,
  type EditContext,
  type EditRefusal,
  type EditResult,
  type WeekRef,
} from './availability-model.ts';

/** What the coach is told when an edit cannot be made (the page normally prevents these; data may change under it). */
const REFUSALS: Record<EditRefusal, string> = {
  locked: 'That time has been booked or requested, so it stays.',
  'past-day': 'Past days cannot be changed.',
  taken: 'That time is already in your availability.',
  'off-grid': 'Times are on the hour from 04:00 to 22:00.',
  'not-found': 'That time is no longer in your availability.',
};

/** A new 24-hex id, the shape every document id and nested id has. */
function newId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

type Edit = (docs: readonly AvailabilityWeekDoc[], ctx: EditContext, claims: readonly SlotClaimDoc[]) => EditResult;

export interface AvailabilityEditor {
  /** False until the device's store is open. */
  canEdit: boolean;
  /** Why the last edit was not made, if it was not. */
  problem: string | null;
  /** What the last edit saved on the device, once it is saved. */
  saved: string | null;
  add(week: WeekRef, weekday: number, time: number): void;
  remove(week: WeekRef, weekday: number, time: number): void;
}

export function useAvailabilityEditor(): AvailabilityEditor {
  const store = useTenantStore();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const run = useCallback(
    (edit: Edit, done: string) => {
      if (!store) return;
      queue.current = queue.current.then(async () => {
        try {
          // The claims the device holds say which hours a client has: the edit lock reads them.
          const [weeks, claims] = await Promise.all([store.availability.weeks(), store.availability.claims()]);
          const result = edit(weeks, { coachId: store.tenantId, now: new Date(), newId }, claims);
          if (!result.ok) {
            setSaved(null);
            return setProblem(REFUSALS[result.reason]);
          }
          await store.availability.saveWeek(result.doc);
          setProblem(null);
          setSaved(done);
        } catch (error) {
          console.error('Availability edit not saved', error);
          setSaved(null);
          setProblem(CHANGE_NOT_SAVED_ON_DEVICE);
        }
      });
    },
    [store],
  );

  return {
    canEdit: store !== null,
    problem,
    saved,
    add: (week, weekday, time) =>
      run((docs, ctx) => addSlot(week, docs, weekday, time, ctx), savedEditText('added', week, weekday, time)),
    remove: (week, weekday, time) =>
      run(
        (docs, ctx, claims) => removeSlot(week, docs, weekday, time, ctx, claims),
        savedEditText('removed', week, weekday, time),
      ),
  };
}
