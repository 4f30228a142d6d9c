import { describe, expect, it } from 'vitest';
import type { AvailabilityNotice } from '@mastr/rules/availability-merge.ts';
import type { AvailabilityWeekDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { tenantConflictHandler } from './tenant-conflicts.ts';
import { toLocalDoc, type LocalDoc } from './tenant-docs.ts';

const WEEK = '2026-11-15';

function week(times: number[], updatedAt: string): LocalDoc & { _deleted: boolean } {
  const doc: AvailabilityWeekDoc = {
    _id: `availability:week:${WEEK}`, type: 'availability-week', coachId: 'c'.repeat(24), weekStart: WEEK, updatedAt,
    days: [{ _id: 'd2', weekday: 2, abbreviation: 'Tue', times: times.map((time) => ({ _id: `s${time}`, time })) }],
  };
  return { ...toLocalDoc(doc), _deleted: false };
}

/** The claim of a paid session on Tuesday 08:00 of the week, as the device holds it. */
const BOOKED_8AM: SlotClaimDoc = {
  _id: `slot-claim:${WEEK}:2:28800`, type: 'slot-claim', requestId: 'r1', weekStart: WEEK, weekday: 2, time: 28800,
  createdAt: '2026-11-16T09:00:00.000Z', booking: { bookingId: 'b1', checkoutSessionId: 'cs1' },
};

function handler() {
  const resolved: { id: string; needsPush: boolean }[] = [];
  const notices: AvailabilityNotice[] = [];
  const h = tenantConflictHandler({
    onResolved: (id, _doc, needsPush) => resolved.push({ id, needsPush }),
    claimsOf: async (weekStart) => [BOOKED_8AM].filter((c) => c.weekStart === weekStart),
    onAvailabilityNotices: (n) => notices.push(...n),
  });
  return { h, resolved, notices };
}

describe('conflicts on push', () => {
  it("keeps an hour a paid session's claim holds although the coach removed it offline, keeps the coach's other edits, and says why", async () => {
    const { h, resolved, notices } = handler();
    const server = week([28800, 32400], '2026-11-21T09:00:00Z');
    const device = week([36000], '2026-11-21T09:05:00Z');
    const merged = await h.resolve({ realMasterState: server, newDocumentState: device, assumedMasterState: undefined }, 'test');
    const times = (merged as unknown as AvailabilityWeekDoc).days[0].times.map((t) => t.time);
    expect(times).toEqual([28800, 36000]);
    expect(notices.map((n) => n.message)).toEqual(['08:00 on Tue was kept: a client has booked it.']);
    expect(resolved).toEqual([{ id: `availability:week:${WEEK}`, needsPush: true }]);
  });

  it("lets the server's copy win for every other document", async () => {
    const { h, resolved } = handler();
    const server = { id: 'daypass:1', type: 'day-pass', expired: true, _deleted: false };
    const device = { id: 'daypass:1', type: 'day-pass', expired: false, _deleted: false };
    expect(await h.resolve({ realMasterState: server, newDocumentState: device, assumedMasterState: undefined }, 'test')).toBe(server);
    expect(resolved).toEqual([{ id: 'daypass:1', needsPush: false }]);
  });
});
