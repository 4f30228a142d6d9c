import { describe, expect, it } from 'vitest';
import type { AvailabilityNotice } from '@mastr/rules/availability-merge.ts';
import type { AvailabilityWeekDoc } from '@mastr/rules/documents.ts';
import { tenantConflictHandler } from './tenant-conflicts.ts';
import { toLocalDoc, type LocalDoc } from './tenant-docs.ts';

function week(times: { time: number; booked?: boolean }[], updatedAt: string): LocalDoc & { _deleted: boolean } {
  const doc: AvailabilityWeekDoc = {
    _id: 'availability:default', type: 'availability-week', coachId: 'c'.repeat(24), weekStart: null, updatedAt,
    days: [{ _id: 'd2', weekday: 2, abbreviation: 'Tue', times: times.map((t) => ({ _id: `s${t.time}`, time: t.time, booked: !!t.booked, requested: false })) }],
  };
  return { ...toLocalDoc(doc), _deleted: false };
}

function handler() {
  const resolved: { id: string; needsPush: boolean }[] = [];
  const notices: AvailabilityNotice[] = [];
  const h = tenantConflictHandler({
    onResolved: (id, _doc, needsPush) => resolved.push({ id, needsPush }),
    onAvailabilityNotices: (n) => notices.push(...n),
  });
  return { h, resolved, notices };
}

describe('conflicts on push', () => {
  it("keeps a slot the server booked although the coach removed it offline, keeps the coach's other edits, and says why", async () => {
    const { h, resolved, notices } = handler();
    const server = week([{ time: 28800, booked: true }, { time: 32400 }], '2026-11-21T09:00:00Z');
    const device = week([{ time: 36000 }], '2026-11-21T09:05:00Z');
    const merged = await h.resolve({ realMasterState: server, newDocumentState: device, assumedMasterState: undefined }, 'test');
    const times = (merged as unknown as AvailabilityWeekDoc).days[0].times.map((t) => [t.time, t.booked]);
    expect(times).toEqual([[28800, true], [36000, false]]);
    expect(notices.map((n) => n.message)).toEqual(['08:00 on Tue was kept: a client has booked it.']);
    expect(resolved).toEqual([{ id: 'availability:default', needsPush: true }]);
  });

  it("lets the server's copy win for every other document", async () => {
    const { h, resolved } = handler();
    const server = { id: 'daypass:1', type: 'day-pass', expired: true, _deleted: false };
    const device = { id: 'daypass:1', type: 'day-pass', expired: false, _deleted: false };
    expect(await h.resolve({ realMasterState: server, newDocumentState: device, assumedMasterState: undefined }, 'test')).toBe(server);
    expect(resolved).toEqual([{ id: 'daypass:1', needsPush: false }]);
  });
});
