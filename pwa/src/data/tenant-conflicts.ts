/**
 * How a push that meets a newer server copy is resolved (design/sync.md "Writes and who decides").
 * Availability weeks merge: the coach's edits stand except hours a slot claim holds (booked or
 * requested: the claims the device holds are the only record of that), and the coach is told which
 * hours were kept. Everything else: the server's copy wins
 * (check-ins never conflict, they get fresh ids; passes and schedules are the server's).
 */
import { defaultConflictHandler, type RxConflictHandler } from 'rxdb';
import { mergeAvailability, type AvailabilityNotice } from '@mastr/rules/availability-merge.ts';
import { claimsByHour } from '@mastr/rules/coach-slots.ts';
import type { AvailabilityWeekDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { toCouchShape, toLocalDoc, type LocalDoc } from './tenant-docs.ts';

export interface ConflictReports {
  /** The content the conflict resolved to, and whether the device still has to push it. */
  onResolved(id: string, resolved: LocalDoc, needsPush: boolean): void;
  onAvailabilityNotices(notices: AvailabilityNotice[]): void;
  /** The slot claims of a coach week the device holds (none for a gym's device). */
  claimsOf(weekStart: string): Promise<SlotClaimDoc[]>;
}

export function tenantConflictHandler(reports: ConflictReports): RxConflictHandler<LocalDoc> {
  return {
    isEqual: defaultConflictHandler.isEqual,
    async resolve({ realMasterState, newDocumentState }) {
      if (
        realMasterState.type === 'availability-week' &&
        newDocumentState.type === 'availability-week' &&
        !realMasterState._deleted &&
        !newDocumentState._deleted
      ) {
        const server = toCouchShape<AvailabilityWeekDoc>(realMasterState);
        const claims = server.weekStart ? claimsByHour(await reports.claimsOf(server.weekStart), server.weekStart) : new Map();
        const { merged, notices } = mergeAvailability(server, toCouchShape<AvailabilityWeekDoc>(newDocumentState), claims);
        const resolved = { ...toLocalDoc(merged), _deleted: false };
        reports.onAvailabilityNotices(notices);
        reports.onResolved(resolved.id, resolved, true);
        return resolved;
      }
      reports.onResolved(realMasterState.id, realMasterState, false);
      return realMasterState;
    },
  };
}
