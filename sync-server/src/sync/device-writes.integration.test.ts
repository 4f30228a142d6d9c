import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityWeekDoc, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { emptyDefaultSchedule, withClassAdded } from '@mastr/rules/schedule.ts';
import { ensureDatabase, type Couch } from '../couch/couch.ts';
import { tenantDbName } from '../couch/databases.ts';
import { newId } from '../couch/ids.ts';
import type { Deps } from '../deps.ts';
import { givenGym } from '../test-support/directory-fixtures.ts';
import { givenSlotClaim } from '../test-support/pt-fixtures.ts';
import { boxingClass, HOUR_S } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { onlineDocWriter } from './device-writes.ts';

// Wednesday 18 November 2026: the coach week began Sunday the 15th.
const NOW = new Date('2026-11-18T10:00:00Z');
const H = HOUR_S;

/**
 * A CouchDB client whose next `_bulk_docs` call of any database first runs `meanwhile`: another
 * writer landing between an online edit's read and its write, at a moment a test chooses.
 */
function couchWithWriteBetween(couch: Couch, meanwhile: { run: (() => Promise<unknown>) | null }): Couch {
  return new Proxy(couch, {
    get(target, key) {
      if (key !== 'use') return Reflect.get(target, key);
      return (name: string) =>
        new Proxy(target.use(name), {
          get(db, method) {
            const value = Reflect.get(db, method);
            if (method !== 'bulk' || !meanwhile.run) return typeof value === 'function' ? value.bind(db) : value;
            const before = meanwhile.run;
            meanwhile.run = null;
            return async (...args: unknown[]) => {
              await before();
              return (value as (...a: unknown[]) => unknown).apply(db, args);
            };
          },
        });
    },
  }) as Couch;
}

describe("an online edit's week, written through its type's registry entry (decision 184)", () => {
  let stack: TestStack;
  let deps: Deps;

  beforeAll(async () => {
    stack = await startTestStack();
    stack.clock.now = NOW;
    deps = stack.depsOf();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it("builds the week again on a device's newer copy written meanwhile, never over it", async () => {
    const gymId = await givenGym(stack);
    const db = stack.couch.use<ScheduleWeekDoc>(tenantDbName('gym', gymId));
    await ensureDatabase(stack.couch, tenantDbName('gym', gymId));
    const write = onlineDocWriter(deps, 'schedule-week', gymId);
    const created = await write('schedule:default', () => emptyDefaultSchedule(gymId, NOW, newId));
    expect(created.outcome).toBe('written');
    const meanwhile = {
      // A gym's device adds Tuesday's class between the online edit's read and its write.
      run: async () => {
        const stored = await db.get('schedule:default');
        await db.insert(withClassAdded(stored, 2, boxingClass('device', 7 * H), NOW));
      },
    } as { run: (() => Promise<unknown>) | null };
    const racing = onlineDocWriter(
      { ...deps, couch: couchWithWriteBetween(stack.couch, meanwhile) },
      'schedule-week',
      gymId,
    );
    const seen: number[] = [];
    const written = await racing('schedule:default', (current) => {
      seen.push(current!.days.flatMap((d) => d.classes).length);
      return withClassAdded(current!, 1, boxingClass('online', 9 * H), NOW);
    });
    expect(written.outcome).toBe('written');
    expect(seen).toEqual([0, 1]);
    const stored = await db.get('schedule:default');
    expect(stored.days.flatMap((d) => d.classes.map((c) => c._id)).sort()).toEqual(['device', 'online']);
  });

  it("refuses a week its type's rules refuse, writing nothing", async () => {
    const gymId = await givenGym(stack);
    await ensureDatabase(stack.couch, tenantDbName('gym', gymId));
    const write = onlineDocWriter(deps, 'schedule-week', gymId);
    const full = emptyDefaultSchedule(gymId, NOW, newId);
    full.days[0].classes = Array.from({ length: 65 }, (_, i) => boxingClass(`c${i}`, 9 * H));
    expect(await write('schedule:default', () => full)).toEqual({ outcome: 'refused' });
    const listed = await stack.couch.use(tenantDbName('gym', gymId)).list({ key: 'schedule:default' });
    expect(listed.rows).toEqual([]);
  });

  it("answers the writer's own refusal on the stored revision as a conflict: an hour a slot claim holds", async () => {
    const coachId = newId();
    await ensureDatabase(stack.couch, tenantDbName('coach', coachId));
    const write = onlineDocWriter(deps, 'availability-week', coachId);
    const week = (times: number[]): AvailabilityWeekDoc => ({
      _id: 'availability:week:2026-11-15',
      type: 'availability-week',
      coachId,
      weekStart: '2026-11-15',
      updatedAt: NOW.toISOString(),
      days: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((abbreviation, weekday) => ({
        _id: `day-${weekday}`,
        weekday,
        abbreviation,
        times: weekday === 5 ? times.map((time) => ({ _id: `slot-${time}`, time })) : [],
      })),
    });
    const first = await write('availability:week:2026-11-15', () => week([7 * H, 8 * H]));
    expect(first.outcome).toBe('written');
    await givenSlotClaim(stack, coachId, { weekStart: '2026-11-15', weekday: 5, time: 7 * H }, true);
    const removed = await write('availability:week:2026-11-15', () => week([8 * H]));
    // With the hour it kept and why (decision 193): the online removal words its refusal from it.
    expect(removed).toMatchObject({
      outcome: 'conflict',
      result: { kept: [{ day: { weekday: 5, abbreviation: 'Fri' }, slot: { time: 7 * H }, reason: 'booked' }] },
    });
    const stored = await stack.couch
      .use<AvailabilityWeekDoc>(tenantDbName('coach', coachId))
      .get('availability:week:2026-11-15');
    expect(stored._rev).toBe((first as { doc: { _rev: string } }).doc._rev);
  });
});
