import { describe, expect, it } from 'vitest';
import type { AvailabilityNotice } from '@mastr/rules/availability-merge.ts';
import type { AvailabilityWeekDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { deliverAvailabilityWeek } from './availability-sender.ts';
import type { MergeGateway } from './outbox/merge-against-base.ts';
import { SyncHttpError } from './sync-fetch.ts';

const SUNDAY = '2026-11-29';
const H = 3600;
const week = (hours: number[], updatedAt: string): AvailabilityWeekDoc => ({
  _id: `availability:week:${SUNDAY}`, type: 'availability-week', coachId: 'c'.repeat(24), weekStart: SUNDAY, updatedAt,
  days: [{ _id: 'mon', weekday: 1, abbreviation: 'Mon', times: hours.map((h) => ({ _id: `t${h}`, time: h * H })) }],
});
const claim = (hour: number): SlotClaimDoc =>
  ({ _id: `slot-claim:${SUNDAY}:1:${hour * H}`, type: 'slot-claim', requestId: 'r1', weekStart: SUNDAY, weekday: 1, time: hour * H, createdAt: '2026-11-25T10:00:00.000Z' });
const hours = (doc: AvailabilityWeekDoc | null) => doc!.days[0]!.times.map((t) => t.time / H);

/** A fake gateway over one stored week, with CouchDB's revision check. */
function fakeGateway(stored: AvailabilityWeekDoc | null, refuse = false) {
  const state = { stored: stored ? { ...stored, _rev: '1-a' } : null, posts: 0 };
  const gateway: MergeGateway = {
    bulkDocsUrl: '/bulk',
    allDocsUrl: '/all',
    async fetch(url, init) {
      const body = JSON.parse(String(init!.body));
      if (url !== '/bulk') return Response.json({ rows: [{ doc: state.stored }] });
      state.posts += 1;
      if (refuse) throw new SyncHttpError(403);
      const doc = body.docs[0] as AvailabilityWeekDoc;
      if (state.stored?._rev !== doc._rev) return Response.json([{ id: doc._id, error: 'conflict' }]);
      state.stored = { ...doc, _rev: `${state.posts + 1}-x` };
      return Response.json([{ ok: true, id: doc._id, rev: state.stored._rev }]);
    },
  };
  return { gateway, state };
}

function parts(claims: SlotClaimDoc[]) {
  const published: AvailabilityNotice[][] = [];
  return { published, claimsOf: async () => claims, publish: (n: AvailabilityNotice[]) => published.push(n) };
}

describe('deliverAvailabilityWeek', () => {
  it("merges a first edit with the server's copy, keeping an hour a claim holds, and tells the coach once stored", async () => {
    // The device removed 12:00 and 17:00 and added 9:00; a client has requested 12:00 meanwhile.
    const { gateway, state } = fakeGateway(week([12, 17], '2026-11-25T09:00:00.000Z'));
    const told = parts([claim(12)]);
    const mine = week([9], '2026-11-25T10:00:00.000Z');
    const result = await deliverAvailabilityWeek(told, gateway, { id: mine._id, base: null, doc: mine });
    expect(result.outcome).toBe('sent');
    expect(hours(state.stored)).toEqual([9, 12]);
    expect(state.stored!.updatedAt).toBe(mine.updatedAt);
    expect(told.published).toEqual([[expect.objectContaining({ weekStart: SUNDAY, weekday: 1, time: 12 * H, reason: 'requested' })]]);
  });

  it('sends a week the server does not hold as it is, with nothing to tell', async () => {
    const { gateway, state } = fakeGateway(null);
    const told = parts([]);
    const mine = week([9], '2026-11-25T10:00:00.000Z');
    expect((await deliverAvailabilityWeek(told, gateway, { id: mine._id, base: null, doc: mine })).outcome).toBe('sent');
    expect(state.posts).toBe(1);
    expect(hours(state.stored)).toEqual([9]);
    expect(told.published).toEqual([[]]);
  });

  it('answers refused on a 403 and tells nothing', async () => {
    const { gateway } = fakeGateway(week([12], '2026-11-25T09:00:00.000Z'), true);
    const told = parts([claim(12)]);
    const mine = week([], '2026-11-25T10:00:00.000Z');
    expect(await deliverAvailabilityWeek(told, gateway, { id: mine._id, base: null, doc: mine })).toEqual({ outcome: 'refused' });
    expect(told.published).toEqual([]);
  });
});
