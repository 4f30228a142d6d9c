import type { DayPassType } from '../../../rules/constants.ts';
import type { DayPassDoc, MastrPassDoc } from '../../../rules/documents.ts';
import { MASTR_CLASS_PRICE_PENCE } from '../../../rules/money.ts';
import type { Couch } from '../couch/couch.ts';
import { tenantDbName } from '../couch/databases.ts';
import { createIfMissing } from './create-if-missing.ts';
import { ukDayKey } from './demo-calendar.ts';
import { DEMO_GYM, DEMO_MEMBERS, type DemoMember } from './demo-data.ts';
import { demoEntryCode, demoId } from './demo-ids.ts';

/** Demo passes exist for today, tomorrow and in three days (UK dates). */
const PASS_DAY_OFFSETS = [0, 1, 3];
const MASTR_CLASS_START = '18:00:00';

const [alex, sam] = DEMO_MEMBERS;
const DAY_PASSES: readonly { member: DemoMember; passType: DayPassType }[] = [
  { member: alex, passType: 'Adult' },
  { member: sam, passType: 'Kids' },
];

type PassDoc = DayPassDoc | MastrPassDoc;

function dayPass(date: string, n: number, now: Date): DayPassDoc {
  const { member, passType } = DAY_PASSES[n];
  const passId = demoId(`demo-daypass-${date}-${n}`);
  return {
    _id: `daypass:${passId}`, type: 'day-pass', passId, passType, dayDateStart: `${date}T00:00:00`,
    clientName: member.firstName, memberId: member.profileId, gymId: DEMO_GYM.profileId, gymName: DEMO_GYM.gymName,
    idCode: demoEntryCode(passId), expired: false, cancelled: false,
    pricePence: passType === 'Adult' ? DEMO_GYM.profile.adultDayPassPrice! : DEMO_GYM.profile.kidsDayPassPrice!,
    createdAt: now.toISOString(),
  };
}

function mastrPass(seed: string, member: DemoMember, dateAndTimeStart: string | null, now: Date): MastrPassDoc {
  const passId = demoId(seed);
  return {
    _id: `mastrpass:${passId}`, type: 'mastr-pass', passId, clientName: member.firstName, memberId: member.profileId,
    gymId: DEMO_GYM.profileId, gymName: DEMO_GYM.gymName, dateAndTimeStart, idCode: demoEntryCode(passId),
    expired: false, pricePence: MASTR_CLASS_PRICE_PENCE, createdAt: now.toISOString(),
  };
}

/** The passes the demo shows around `now`: the same set for each demo day, plus one unassigned Mastr pass. */
export function demoPasses(now: Date): PassDoc[] {
  const passes: PassDoc[] = [];
  for (const date of PASS_DAY_OFFSETS.map((days) => ukDayKey(now, days))) {
    DAY_PASSES.forEach((_, n) => passes.push(dayPass(date, n, now)));
    passes.push(mastrPass(`demo-mastrpass-${date}-0`, sam, `${date}T${MASTR_CLASS_START}`, now));
  }
  passes.push(mastrPass('demo-mastrpass-unassigned', alex, null, now));
  return passes;
}

/**
 * Tops the demo passes up: ids derive from the UK date, so a restart the same day writes nothing
 * and a start on a later day adds that day's passes, leaving older ones as they are. Each pass is
 * written to the demo gym's database (front-desk check-in) and to its member's (entry code offline).
 */
export async function seedDemoPasses(couch: Couch, now: Date): Promise<number> {
  const gymDb = couch.use<PassDoc>(tenantDbName('gym', DEMO_GYM.profileId));
  let created = 0;
  for (const pass of demoPasses(now)) {
    const memberDb = couch.use<PassDoc>(tenantDbName('member', pass.memberId));
    for (const db of [gymDb, memberDb]) if (await createIfMissing(db, pass)) created += 1;
  }
  return created;
}
