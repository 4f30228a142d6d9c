import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassDoc } from '@mastr/rules/doc-ids.ts';
import type { MembershipDoc, ScheduleWeekDoc, SigningKeysDoc } from '@mastr/rules/documents.ts';
import { verifyEntryToken } from '@mastr/rules/entry-token.ts';
import { ENTRY_CODE_ALPHABET } from '@mastr/rules/constants.ts';
import type { Couch } from '../couch/couch.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { findAccountByEmail } from '../couch/stores/accounts-store.ts';
import { verifyPassword } from '../services/auth/index.ts';
import { productDatabases } from '../test-support/test-couch.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { ukDayKey, ukGymWeekStart } from './demo-calendar.ts';
import { DEMO_GYM, DEMO_LOGINS, DEMO_MEMBERS, DEMO_PASSWORD } from './demo-data.ts';
import { seedDemoData } from './seed-demo.ts';

async function docCounts(couch: Couch): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await productDatabases(couch)) counts[name] = (await couch.db.get(name)).doc_count;
  return counts;
}

async function passes(couch: Couch, dbName: string): Promise<PassDoc[]> {
  const res = await couch.use<PassDoc>(dbName).list({ include_docs: true });
  return res.rows.map((r) => r.doc!).filter((d) => d.type === 'day-pass' || d.type === 'mastr-pass');
}

const passDay = (p: PassDoc) => (p.type === 'day-pass' ? p.dayDateStart : p.dateAndTimeStart)?.slice(0, 10);

describe('seedDemoData', () => {
  let stack: TestStack;
  const firstDay = new Date('2026-11-20T09:00:00Z'); // a Friday
  const gymDb = tenantDbName('gym', DEMO_GYM.profileId);
  const memberDb = tenantDbName('member', DEMO_MEMBERS[0].profileId);

  beforeAll(async () => {
    stack = await startTestStack();
    await seedDemoData(stack.couch, firstDay, stack.config.passSigningKey);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('changes nothing when it runs again on the same day', async () => {
    const before = await docCounts(stack.couch);
    const again = await seedDemoData(stack.couch, new Date(firstDay.getTime() + 3600_000), stack.config.passSigningKey);
    expect(again).toEqual({ accounts: 0, documents: 0 });
    expect(await docCounts(stack.couch)).toEqual(before);
  });

  it('creates every demo login as a verified account with the demo password', async () => {
    for (const login of DEMO_LOGINS) {
      const account = await findAccountByEmail(stack.couch, login.kind, login.email);
      expect(account, login.email).not.toBeNull();
      expect(account!.verified).toBe(true);
      expect(await verifyPassword(account!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    }
  });

  it("writes today's passes, with entry codes, to both the gym's and the member's database", async () => {
    const today = ukDayKey(firstDay);
    const atGym = (await passes(stack.couch, gymDb)).filter((p) => passDay(p) === today);
    expect(atGym.map((p) => p.type).sort()).toEqual(['day-pass', 'day-pass', 'mastr-pass']);
    for (const pass of atGym) {
      expect(pass.idCode).toMatch(/^[a-z0-9]{6}$/);
      expect([...pass.idCode.toUpperCase()].every((c) => ENTRY_CODE_ALPHABET.includes(c))).toBe(true);
    }
    const alexToday = (await passes(stack.couch, memberDb)).filter((p) => passDay(p) === today);
    expect(alexToday.length).toBeGreaterThan(0);
    for (const pass of alexToday) expect(atGym.find((p) => p._id === pass._id)?.idCode).toBe(pass.idCode);
  });

  it("signs every demo pass's entry token with a key the gym's database publishes", async () => {
    const { keys } = await stack.couch.use<SigningKeysDoc>(gymDb).get('pass-signing-keys');
    for (const pass of await passes(stack.couch, gymDb)) {
      const verdict = await verifyEntryToken(pass.entryToken, keys);
      expect(verdict).toMatchObject({
        valid: true,
        payload: { p: pass.passId, g: DEMO_GYM.profileId, c: pass.idCode },
      });
      expect(pass.clientEmail).toContain('@demo.mastr.uk');
    }
  });

  it('gives the member one unassigned Mastr pass', async () => {
    const unassigned = (await passes(stack.couch, memberDb)).filter(
      (p) => p.type === 'mastr-pass' && p.dateAndTimeStart === null,
    );
    expect(unassigned).toHaveLength(1);
  });

  it('seeds the default, current and next week of the demo schedule', async () => {
    const ids = (await stack.couch.use<ScheduleWeekDoc>(gymDb).list()).rows.map((r) => r.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'schedule:default',
        `schedule:week:${ukGymWeekStart(firstDay)}`,
        `schedule:week:${ukGymWeekStart(firstDay, 1)}`,
      ]),
    );
  });

  it('keeps a deleted demo document deleted', async () => {
    const profiles = stack.couch.use<MembershipDoc>(DB.profiles);
    const pending = (await profiles.find({ selector: { type: 'membership', state: 'pending' } })).docs[0];
    await profiles.destroy(pending._id, pending._rev!);
    const again = await seedDemoData(stack.couch, firstDay, stack.config.passSigningKey);
    expect(again.documents).toBe(0);
    await expect(profiles.get(pending._id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("adds a later day's passes without touching or duplicating older ones", async () => {
    const before = await passes(stack.couch, gymDb);
    const laterDay = new Date(firstDay.getTime() + 5 * 24 * 3600_000);
    const result = await seedDemoData(stack.couch, laterDay, stack.config.passSigningKey);
    expect(result.accounts).toBe(0);
    const after = await passes(stack.couch, gymDb);
    for (const pass of before) expect(after.find((p) => p._id === pass._id)?._rev).toBe(pass._rev);
    expect(after.filter((p) => passDay(p) === ukDayKey(laterDay))).toHaveLength(3);
    expect(new Set(after.map((p) => p.idCode)).size).toBe(after.length);
    expect(after.filter((p) => passDay(p) === ukDayKey(firstDay))).toHaveLength(3);
  });
});
