/**
 * A busy gym's data, bulk-written in exactly the shape `createDayPass` / `createMastrPass` issue
 * (signed entry tokens, entry codes unique within the gym), plus its schedule weeks and the
 * signing-keys document the gateway publishes. Issuing 10,000 passes one by one through the
 * service would take minutes; setup time is not what the benches measure.
 */
import { ENTRY_CODE_ALPHABET, ENTRY_CODE_LENGTH, GYM_WEEKDAYS } from '@mastr/rules/constants.ts';
import { ukDateKey, ukWallClock } from '@mastr/rules/dates.ts';
import { passDocId, scheduleDocId, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { ClassItem, DayPassDoc, MastrPassDoc, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { ensureDatabase } from '../../sync-server/src/couch/couch.ts';
import { tenantDbName } from '../../sync-server/src/couch/databases.ts';
import { ukGymWeekStart } from '../../sync-server/src/seed/demo-calendar.ts';
import { newId } from '../../sync-server/src/couch/ids.ts';
import { passSigner, ensureSigningKeysDoc } from '../../sync-server/src/services/passes/index.ts';
import type { BenchStack } from './bench-stack.ts';

export interface GymShape {
  passes: number;
  /** Distinct members the passes belong to (the Visitors page derives visitors from passes). */
  members: number;
  /** Day passes for today (the front desk's list); the rest spread over the past 60 and next 30 days. */
  todayPasses: number;
  /** Share of passes that are Mastr class passes. */
  mastrShare: number;
}

const BUSY_GYM: GymShape = { passes: 10_000, members: 2_000, todayPasses: 2_000, mastrShare: 0.05 };

export interface SeededGym {
  gymId: string;
  /** Today's day passes, in the order the benches use them. */
  todayPasses: DayPassDoc[];
  /** Every document a device of this gym pulls (passes, schedule weeks, signing keys). */
  docCount: number;
}

const DAY_MS = 86_400_000;
const GYM_NAME = 'Iron Temple';

/** The i-th entry code of the gym: distinct for every i below 32^6. */
function entryCode(i: number): string {
  let code = '';
  for (let n = i, k = 0; k < ENTRY_CODE_LENGTH; k += 1, n = Math.floor(n / ENTRY_CODE_ALPHABET.length)) {
    code += ENTRY_CODE_ALPHABET[n % ENTRY_CODE_ALPHABET.length];
  }
  return code.toLowerCase();
}

function scheduleWeek(gymId: string, weekStart: string | null, now: Date): ScheduleWeekDoc {
  const classAt = (hour: number): ClassItem => ({
    _id: newId(),
    discipline: hour < 17 ? 'Boxing' : 'No-Gi Jiu-Jitsu',
    difficulty: 'Any',
    startTime: hour * 3600,
    endTime: (hour + 1) * 3600,
    location: 'Main mat',
    kidsClass: false,
  });
  return {
    _id: scheduleDocId(weekStart),
    type: 'schedule-week',
    gymId,
    weekStart,
    days: GYM_WEEKDAYS.map(({ weekday, abbreviation }) => ({
      _id: newId(),
      weekday,
      abbreviation,
      classes: [7, 12, 17, 18, 19, 20].map(classAt),
    })),
    updatedAt: now.toISOString(),
  };
}

export async function seedGym(stack: BenchStack, shape: GymShape = BUSY_GYM): Promise<SeededGym> {
  const gymId = newId();
  const now = new Date();
  const signer = passSigner(stack.config.passSigningKey);
  const members = Array.from({ length: shape.members }, (_, i) => ({
    profileId: newId(),
    name: `Member ${String(i + 1).padStart(4, '0')}`,
    email: `member${i + 1}@example.com`,
  }));
  const mastrCount = Math.round(shape.passes * shape.mastrShare);
  const passes: PassDoc[] = [];
  for (let i = 0; i < shape.passes; i += 1) {
    const member = members[i % members.length];
    const passId = newId();
    const owners = {
      passId,
      clientName: member.name,
      clientEmail: member.email,
      memberId: member.profileId,
      gymId,
      gymName: GYM_NAME,
      idCode: entryCode(i),
      entryToken: '',
      expired: false,
      createdAt: now.toISOString(),
    };
    // Spread over the past 60 and next 30 days; today's passes come first.
    const dayOffset = i < shape.todayPasses ? 0 : (i % 91) - 60;
    const day = new Date(now.getTime() + dayOffset * DAY_MS);
    const pass: PassDoc =
      i >= shape.passes - mastrCount
        ? ({
            ...owners,
            _id: passDocId('mastr-pass', passId),
            type: 'mastr-pass',
            pricePence: 100,
            dateAndTimeStart: `${ukDateKey(day)}T18:00:00`,
            checkedIn: { checkedInState: false, check_in_time: null },
          } satisfies MastrPassDoc)
        : ({
            ...owners,
            _id: passDocId('day-pass', passId),
            type: 'day-pass',
            passType: i % 7 === 0 ? 'Kids' : 'Adult',
            dayDateStart: `${ukDateKey(day)}T00:00:00`,
            cancelled: false,
            pricePence: 1500,
            checkIns: { all_check_ins: [], latest_check_in: null },
          } satisfies DayPassDoc);
    pass.entryToken = signer.entryToken(pass);
    passes.push(pass);
  }

  const dbName = tenantDbName('gym', gymId);
  await ensureDatabase(stack.couch, dbName);
  await ensureSigningKeysDoc(stack, gymId);
  const schedule = [
    scheduleWeek(gymId, null, now),
    scheduleWeek(gymId, ukGymWeekStart(now), now),
    scheduleWeek(gymId, ukGymWeekStart(now, 1), now),
  ];
  const docs = [...schedule, ...passes];
  for (let i = 0; i < docs.length; i += 1_000) await stack.couch.use(dbName).bulk({ docs: docs.slice(i, i + 1_000) });

  const todayPasses = passes.slice(0, shape.todayPasses).filter((p): p is DayPassDoc => p.type === 'day-pass');
  if (ukWallClock(now).slice(11) > '23:50:00')
    console.warn('Close to UK midnight: check-ins may fall on the next day and be refused.');
  return { gymId, todayPasses, docCount: docs.length + 1 };
}

/** The members' own copies of these passes (the server mirrors counted check-ins onto them). */
export async function seedMemberCopies(stack: BenchStack, passes: readonly PassDoc[]): Promise<void> {
  for (const pass of passes) {
    const dbName = tenantDbName('member', pass.memberId);
    await ensureDatabase(stack.couch, dbName);
    const { _rev, ...copy } = pass;
    await stack.couch.use(dbName).insert(copy);
  }
}
