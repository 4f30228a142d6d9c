import Jwt from '@hapi/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachMe, GymMe } from '@mastr/rules/api/me.ts';
import { accountDocId } from '@mastr/rules/doc-ids.ts';
import { DB } from '../couch/databases.ts';
import { issueAccessToken } from '../services/auth/index.ts';
import { sessionIdOfToken } from '../test-support/access-fixtures.ts';
import { bearer, signedIn } from '../test-support/sign-in-helpers.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';

const SECRET = 'me-test-access-secret-0123456789abcdefghij';
const FIFTEEN_MINUTES = 15 * 60;

describe('GET /api/me/users|gyms|coaches', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ jwtAccessSecret: SECRET });
  });
  afterAll(async () => {
    await stack.stop();
  });

  const me = (path: string, token?: string) =>
    stack.server.inject({ url: `/api/me/${path}`, headers: token === undefined ? {} : bearer(token) });

  it('returns a new member profile with the §3 fields and empty lists', async () => {
    const { account, email, mobile, accessToken } = await signedIn(stack, 'user');
    const res = await me('users', accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.result).toMatchObject({
      _id: account.profileId,
      name: 'Alex',
      email,
      mobile,
      profileImage: '',
      coachProfileId: null,
      // A new member has nothing yet: these are truly empty.
      upcomingDayPassesInformation: [],
      expiredDayPassesInformation: [],
      upcomingMastrClassPassesInformation: [],
      unassignedMastrClassPassesInformation: [],
      privateSessionRequestsInformation: [],
      privateSessionRequestsGymInformation: [],
    });
  });

  it('returns the gym profile with the §3 fields', async () => {
    const { account, email, accessToken } = await signedIn(stack, 'gym');
    const res = await me('gyms', accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.result).toMatchObject({
      _id: account.profileId,
      gymName: 'Iron Temple',
      email,
      status: false,
      subscribed: false,
      mastrPlan: null,
      address: { addressLineOne: '', addressLineTwo: '', addressTownOrCity: '', addressPostalCode: '' },
      adultDayPassPrice: 0,
      kidsDayPassPrice: 0,
      stripeAccountDetailsSubmittedStatus: false,
      mastrClassActive: false,
      mastrClassDefault: null,
      coverImage: '',
      bio: '',
    });
    // The go-live checklist, payments included (decisions.md 28): the server alone knows charges are enabled.
    // A new gym has no timetable yet either (issue 24).
    expect((res.result as GymMe).missingSteps.map((step) => step.key)).toEqual([
      'address',
      'adultDayPass',
      'kidsDayPass',
      'timetable',
      'payments',
    ]);
  });

  it('returns the coach profile with the §3 fields', async () => {
    const { account, email, accessToken } = await signedIn(stack, 'coach');
    const res = await me('coaches', accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.result).toMatchObject({
      _id: account.profileId,
      firstName: 'Casey',
      lastName: 'Jones',
      email,
      discipline: '',
      sessionPreferenceType: 'No Preference',
      status: false,
      price: 0,
      registeredGyms: [],
      pendingRequests: [],
      registeredGymsInformation: [],
      pendingRequestsInformation: [],
      privateSessionRequestsInformation: [],
    });
    expect((res.result as CoachMe).missingSteps.map((step) => step.key)).toEqual(['discipline', 'price', 'payments']);
    // Seven days, even before the coach sets any hours.
    expect((res.result as CoachMe).availability.map((d) => d.abbreviation)).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
  });

  it('never leaks credentials or CouchDB internals', async () => {
    for (const [kind, path] of [
      ['user', 'users'],
      ['gym', 'gyms'],
      ['coach', 'coaches'],
    ] as const) {
      const { accessToken } = await signedIn(stack, kind);
      const body = (await me(path, accessToken)).payload;
      for (const secret of [
        'passwordHash',
        'argon2',
        'googleSub',
        '"type"',
        '_rev',
        'verified',
        'mobileKey',
        `${kind}:`,
      ]) {
        expect(body).not.toContain(secret);
      }
    }
  });

  it('answers 403 to another role (a member token on /api/me/gyms, a gym token on /api/me/coaches)', async () => {
    const member = await signedIn(stack, 'user');
    const gym = await signedIn(stack, 'gym');
    expect((await me('gyms', member.accessToken)).statusCode).toBe(403);
    expect((await me('coaches', gym.accessToken)).statusCode).toBe(403);
    expect((await me('users', gym.accessToken)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await me('users')).statusCode).toBe(401);
  });

  it('answers 401 for an expired access token', async () => {
    const { account, email, accessToken } = await signedIn(stack, 'user');
    const issuedLongAgo = new Date(Date.now() - (FIFTEEN_MINUTES + 120) * 1000);
    const expired = issueAccessToken(
      SECRET,
      { email, kind: 'user', profileId: account.profileId, sid: sessionIdOfToken(accessToken) },
      FIFTEEN_MINUTES,
      issuedLongAgo,
    );
    expect((await me('users', expired)).statusCode).toBe(401);
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['an empty token', ''],
    ['a JSON object', '{"UserInfo":{}}'],
    ['a number', '12345'],
  ])('answers 401 for %s', async (_label, token) => {
    expect((await me('users', token)).statusCode).toBe(401);
  });

  it('answers 401 for a token signed with another secret, another audience, or without UserInfo', async () => {
    const { account, email, accessToken } = await signedIn(stack, 'user');
    const info = { email, kind: 'user' as const, profileId: account.profileId, sid: sessionIdOfToken(accessToken) };
    const wrongSecret = issueAccessToken('another-secret-0123456789abcdefghijklmnop', info, FIFTEEN_MINUTES);
    const wrongAudience = Jwt.token.generate(
      { aud: 'urn:other', iss: 'urn:mastr:sync-server', UserInfo: { ...info, roles: [6969] } },
      SECRET,
    );
    const noUserInfo = Jwt.token.generate({ aud: 'urn:mastr:api', iss: 'urn:mastr:sync-server' }, SECRET);
    for (const token of [wrongSecret, wrongAudience, noUserInfo])
      expect((await me('users', token)).statusCode).toBe(401);
  });

  it('answers 401 when the account behind a still-valid token has been deleted', async () => {
    const { account, accessToken } = await signedIn(stack, 'user');
    const accounts = stack.couch.use(DB.accounts);
    const doc = await accounts.get(accountDocId(account.profileId));
    await accounts.destroy(doc._id, doc._rev);
    expect((await me('users', accessToken)).statusCode).toBe(401);
  });
});
