import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { ACCESS_CHECK_WINDOW_MS } from '../services/auth/index.ts';
import { givenGym } from '../test-support/directory-fixtures.ts';
import { bearer, signedIn } from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const SIX_PM = 64800;

/**
 * An access token stays valid for its 15 minutes only while its account exists with the same role
 * and its session is not logged out; instances remember a check for ACCESS_CHECK_WINDOW_MS.
 */
describe('access tokens of logged-out, deleted or changed accounts', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const me = (token: string, server = stack.server) =>
    server.inject({ method: 'GET', url: '/api/me/users', headers: bearer(token) });
  const accounts = () => stack.couch.use<AccountDoc>(DB.accounts);
  const passWindow = () => stack.clock.advance(ACCESS_CHECK_WINDOW_MS + 1);

  it('refuses the token of a logged-out session at once on that instance and within the window on another', async () => {
    const other = await stack.startInstance();
    const member = await signedIn(stack, 'user');
    const kept = await signedIn(stack, 'user');
    expect((await me(member.accessToken)).statusCode).toBe(200);
    expect((await me(member.accessToken, other)).statusCode).toBe(200);

    const logout = await stack.server.inject({ url: '/api/logout/user', headers: { cookie: `jwt=${member.cookie}` } });
    expect(logout.statusCode).toBe(204);
    expect((await me(member.accessToken)).statusCode).toBe(401);
    passWindow();
    expect((await me(member.accessToken, other)).statusCode).toBe(401);
    // Another session of another account is untouched.
    expect((await me(kept.accessToken, other)).statusCode).toBe(200);
  });

  it("refuses a deleted member's token, and its PT request neither answers nor recreates the member's database", async () => {
    const gymId = await givenGym(stack, { gymName: 'Iron Temple' });
    const member = await signedIn(stack, 'user');
    const memberId = member.account.profileId;
    expect((await me(member.accessToken)).statusCode).toBe(200);

    const doc = await accounts().get(accountDocId(memberId));
    await accounts().destroy(doc._id, doc._rev);
    passWindow();

    expect((await me(member.accessToken)).statusCode).toBe(401);
    const request = await stack.server.inject({
      method: 'POST',
      url: '/api/booking/handlePrivateSessionGymRequest',
      headers: bearer(member.accessToken),
      payload: {
        gym_id: gymId,
        selectedDate: '2026-11-21',
        selectedTime: SIX_PM,
        selectedDiscipline: 'Boxing',
        selectedExperienceLevel: 'Beginner',
      },
    });
    expect(request.statusCode).toBe(401);
    const sync = await stack.server.inject({
      url: `/sync/member/${memberId}/_changes?since=0`,
      headers: bearer(member.accessToken),
    });
    expect(sync.statusCode).toBe(401);
    expect(await stack.couch.db.list()).not.toContain(tenantDbName('member', memberId));
  });

  it('refuses a token whose account now has another role', async () => {
    const gym = await signedIn(stack, 'gym');
    const gymId = gym.account.profileId;
    const sync = () =>
      stack.server.inject({ url: `/sync/gym/${gymId}/_changes?since=0`, headers: bearer(gym.accessToken) });
    expect((await sync()).statusCode).toBe(200);

    const doc = await accounts().get(accountDocId(gymId));
    await accounts().insert({ ...doc, kind: 'coach' });
    passWindow();
    expect((await sync()).statusCode).toBe(401);
  });
});
