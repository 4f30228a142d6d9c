import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryCodeClaimId } from '@mastr/rules/doc-ids.ts';
import type { EntryCodeClaimDoc } from '@mastr/rules/documents.ts';
import { DB } from '../../couch/databases.ts';
import { newId } from '../../couch/ids.ts';
import { passesDeps } from '../../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../../test-support/test-stack.ts';
import { createDayPass } from './passes-service.ts';

describe('issuing a pass under a caller-chosen id (a payment webhook)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const claimsOf = async (passId: string) =>
    (await stack.couch.use<EntryCodeClaimDoc>(DB.accounts).find({ selector: { type: 'entry-code-claim', passId } }))
      .docs;

  it('takes up the entry-code claim an attempt killed before writing the pass left, instead of holding a second', async () => {
    const gymId = newId();
    const passId = newId();
    // What a process killed right after claiming leaves: the claim, and no pass.
    await stack.couch
      .use<EntryCodeClaimDoc>(DB.accounts)
      .insert({ _id: entryCodeClaimId(gymId, 'k7m2q9'), type: 'entry-code-claim', passId });
    const { pass, created } = await createDayPass(passesDeps(stack), {
      gym: { profileId: gymId, gymName: 'Iron Temple' },
      member: { profileId: newId(), name: 'Alex', email: 'alex@example.com' },
      passType: 'Adult',
      date: '2026-11-21',
      pricePence: 1500,
      passId,
    });
    expect(created).toBe(true);
    expect(pass.idCode).toBe('k7m2q9');
    expect((await claimsOf(passId)).map((c) => c._id)).toEqual([entryCodeClaimId(gymId, 'k7m2q9')]);
  });
});
