import type { DayPassType } from '@mastr/rules/constants.ts';
import { MASTR_CLASS_PRICE_PENCE } from '@mastr/rules/money.ts';
import type { Couch } from '../couch/couch.ts';
import {
  createDayPass,
  createMastrPass,
  ensureSigningKeysDoc,
  type PassesDeps,
  type PassMember,
} from '../services/passes/index.ts';
import { ukDayKey } from './demo-calendar.ts';
import { DEMO_GYM, DEMO_MEMBERS, type DemoMember } from './demo-data.ts';
import { demoId } from './demo-ids.ts';

/** Demo passes exist for today, tomorrow and in three days (UK dates). */
const PASS_DAY_OFFSETS = [0, 1, 3];
const MASTR_CLASS_START = '18:00:00';

const [alex, sam] = DEMO_MEMBERS;
const DAY_PASSES: readonly { member: DemoMember; passType: DayPassType }[] = [
  { member: alex, passType: 'Adult' },
  { member: sam, passType: 'Kids' },
];

const gym = { profileId: DEMO_GYM.profileId, gymName: DEMO_GYM.gymName };
const passMember = (member: DemoMember): PassMember => ({
  profileId: member.profileId,
  name: member.firstName,
  email: member.email,
});

/**
 * Tops the demo passes up through the passes service (so they carry entry codes and signed entry
 * tokens, in the gym's and the member's database). Ids derive from the UK date: a restart the same
 * day writes nothing and a start on a later day adds that day's passes, leaving older ones as they
 * are. Returns how many documents were written.
 */
export async function seedDemoPasses(couch: Couch, now: Date, passSigningKey: string): Promise<number> {
  const deps: PassesDeps = { couch, now: () => now, config: { passSigningKey } };
  // Written for the gym even before its first pass, so its front desk can verify codes from day one.
  await ensureSigningKeysDoc(deps, gym.profileId);
  const issued: boolean[] = [];
  for (const date of PASS_DAY_OFFSETS.map((days) => ukDayKey(now, days))) {
    for (const [n, { member, passType }] of DAY_PASSES.entries()) {
      const pricePence =
        passType === 'Adult' ? DEMO_GYM.profile.adultDayPassPrice! : DEMO_GYM.profile.kidsDayPassPrice!;
      const passId = demoId(`demo-daypass-${date}-${n}`);
      issued.push(
        (await createDayPass(deps, { gym, member: passMember(member), passType, date, pricePence, passId })).created,
      );
    }
    const passId = demoId(`demo-mastrpass-${date}-0`);
    const dateAndTimeStart = `${date}T${MASTR_CLASS_START}`;
    issued.push(
      (
        await createMastrPass(deps, {
          gym,
          member: passMember(sam),
          dateAndTimeStart,
          pricePence: MASTR_CLASS_PRICE_PENCE,
          passId,
        })
      ).created,
    );
  }
  const passId = demoId('demo-mastrpass-unassigned');
  issued.push(
    (
      await createMastrPass(deps, {
        gym,
        member: passMember(alex),
        dateAndTimeStart: null,
        pricePence: MASTR_CLASS_PRICE_PENCE,
        passId,
      })
    ).created,
  );
  // Each new pass is two documents (gym and member copies) plus its entry-code claim.
  return issued.filter(Boolean).length * 3;
}
