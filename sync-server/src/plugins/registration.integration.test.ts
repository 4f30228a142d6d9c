import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { DB } from '../couch/databases.ts';
import { MESSAGES } from '../schemas/account-schemas.ts';
import { getAccount } from '../couch/stores/accounts-store.ts';
import { retryDelayMs } from '../services/mail/index.ts';
import { verifyPassword, RATE_LIMITS } from '../services/auth/index.ts';
import {
  apiPathOfLink,
  docCount,
  GOOD_PASSWORD,
  register,
  registrationBody,
  waitForMail,
} from '../test-support/account-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import { REGISTRATION_RATE_LIMITED } from './registration.ts';

describe('POST /api/register/{user|coach|gym}', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  async function storedCounts() {
    return { accounts: await docCount(stack, DB.accounts), profiles: await docCount(stack, DB.profiles) };
  }

  it('registers a member: 201 asking to verify the email, an unverified account, and a mail whose link verifies it', async () => {
    const body = registrationBody('user', { email: 'Ada.Member@Example.co.uk', firstName: '  Ada  ' });
    const res = await register(stack, 'user', body);

    expect(res.statusCode).toBe(201);
    expect(res.result).toEqual({
      message: 'Registration successful! Please check your email (ada.member@example.co.uk) to verify your account.',
    });
    const mail = await waitForMail(stack, 'ada.member@example.co.uk', 'Verify your Mastr email');
    const linkPath = apiPathOfLink(mail.text);
    const [, , plural, id, verify, token] = linkPath.split('/');
    expect([plural, verify]).toEqual(['users', 'verify']);
    // The link stands alone on its line, so mail clients neither wrap nor merge it with text.
    expect(mail.text.split('\n').filter((line) => line.endsWith(`/users/${id}/verify/${token}`))).toEqual([
      expect.stringMatching(/^https?:\/\/[^\s]+$/),
    ]);

    const account = (await getAccount(stack.couch, id)) as AccountDoc;
    expect(account).toMatchObject({ kind: 'user', email: 'ada.member@example.co.uk', verified: false });
    expect(await verifyPassword(account.passwordHash, GOOD_PASSWORD)).toBe(true);
    expect(await stack.couch.use(DB.profiles).get(`user:${id}`)).toMatchObject({ type: 'user', name: 'Ada' });

    const verified = await stack.server.inject(linkPath);
    expect(verified.statusCode).toBe(200);
    expect(verified.result).toEqual({ message: 'Email Verification Successful' });
    expect(await getAccount(stack.couch, id)).toMatchObject({ verified: true });
  });

  it('registers a coach (with or without the details checkbox) and a gym, each with its own profile and link path', async () => {
    const coach = registrationBody('coach', { detailsAreConfirmed: true });
    const gym = registrationBody('gym');
    expect((await register(stack, 'coach', coach)).statusCode).toBe(201);
    expect((await register(stack, 'coach', registrationBody('coach'))).statusCode).toBe(201);
    expect((await register(stack, 'gym', gym)).statusCode).toBe(201);

    const coachPath = apiPathOfLink((await waitForMail(stack, coach.email as string, 'Verify your Mastr email')).text);
    const gymPath = apiPathOfLink((await waitForMail(stack, gym.email as string, 'Verify your Mastr email')).text);
    const coachId = coachPath.split('/')[3];
    const gymId = gymPath.split('/')[3];
    expect(coachPath).toMatch(/^\/api\/coaches\/[a-f0-9]{24}\/verify\/[A-Za-z0-9_-]{43}$/);
    expect(gymPath).toMatch(/^\/api\/gyms\/[a-f0-9]{24}\/verify\/[A-Za-z0-9_-]{43}$/);
    expect(await stack.couch.use(DB.profiles).get(`coach:${coachId}`)).toMatchObject({
      firstName: 'Bruce',
      lastName: 'Lee',
    });
    expect(await stack.couch.use(DB.profiles).get(`gym:${gymId}`)).toMatchObject({ gymName: 'Iron Dojo' });
  });

  const invalid: [string, 'user' | 'coach' | 'gym', Record<string, unknown>, string][] = [
    ['a malformed email', 'user', { email: 'ada@example' }, MESSAGES.email],
    ['a missing email', 'user', { email: undefined }, MESSAGES.email],
    ['a non-UK mobile', 'user', { mobile: '12345' }, MESSAGES.mobile],
    ['a mobile sent as a number', 'coach', { mobile: 7700900123 }, MESSAGES.mobile],
    ['a password without a special character', 'user', { pwd: 'Password1' }, MESSAGES.password],
    ['a password longer than 24 characters', 'gym', { pwd: 'Aa1!'.repeat(7) }, MESSAGES.password],
    ['an empty first name', 'user', { firstName: '   ' }, 'First name is required.'],
    ['an empty coach last name', 'coach', { lastName: '' }, 'Last name is required.'],
    ['a missing gym name', 'gym', { gymName: undefined }, 'Gym name is required.'],
    ['a name that is not text', 'user', { firstName: 42 }, 'First name must be text.'],
    [
      'a name longer than 80 characters',
      'coach',
      { firstName: 'A'.repeat(81) },
      'First name must be at most 80 characters.',
    ],
    ['terms not accepted', 'user', { termsOfUseAccepted: false }, MESSAGES.terms],
    ["terms sent as the string 'true'", 'gym', { termsOfUseAccepted: 'true' }, MESSAGES.terms],
    ['member details not confirmed', 'user', { detailsAreConfirmed: undefined }, MESSAGES.details],
    ['coach details sent unticked', 'coach', { detailsAreConfirmed: false }, MESSAGES.details],
    ['an unknown field', 'user', { roles: [1984] }, "Unknown field 'roles'."],
    ["a coach's field on a gym", 'gym', { firstName: 'Bruce' }, "Unknown field 'firstName'."],
  ];

  it.each(invalid)(
    'refuses %s with 400 naming the problem and stores nothing',
    async (_case, kind, override, message) => {
      const before = await storedCounts();
      const res = await register(stack, kind, registrationBody(kind, override));
      expect(res.statusCode).toBe(400);
      expect(res.result).toMatchObject({ message });
      expect(await storedCounts()).toEqual(before);
    },
  );

  it('refuses malformed JSON, a body that is not an object and a form post, storing nothing', async () => {
    const before = await storedCounts();
    const malformed = await stack.server.inject({
      method: 'POST',
      url: '/api/register/user',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co",',
    });
    expect(malformed.statusCode).toBe(400);
    const notObject = await register(stack, 'user', [registrationBody('user')]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.result).toMatchObject({ message: MESSAGES.body });
    const form = await stack.server.inject({
      method: 'POST',
      url: '/api/register/user',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(registrationBody('user') as Record<string, string>).toString(),
    });
    expect(form.statusCode).toBe(415);
    expect(await storedCounts()).toEqual(before);
  });

  it("answers 409 'Email or Mobile Taken' for the same email in another case and stores nothing", async () => {
    const first = registrationBody('user', { email: 'taken@example.com' });
    expect((await register(stack, 'user', first)).statusCode).toBe(201);
    const before = await storedCounts();

    const res = await register(stack, 'user', registrationBody('user', { email: 'TAKEN@Example.COM' }));
    expect(res.statusCode).toBe(409);
    expect(res.result).toMatchObject({ message: 'Email or Mobile Taken' });
    expect(await storedCounts()).toEqual(before);
  });

  it("answers 409 for the same mobile written another way ('+44 7700 900123' after '07700900123')", async () => {
    expect((await register(stack, 'coach', registrationBody('coach', { mobile: '07700900123' }))).statusCode).toBe(201);
    const before = await storedCounts();

    const res = await register(stack, 'coach', registrationBody('coach', { mobile: '+44 7700 900123' }));
    expect(res.statusCode).toBe(409);
    expect(res.result).toMatchObject({ message: 'Email or Mobile Taken' });
    expect(await storedCounts()).toEqual(before);
  });

  it('lets exactly one of several simultaneous registrations of one email through', async () => {
    const email = 'race@example.com';
    const { limit } = RATE_LIMITS.registerPerEmail;
    const bodies = Array.from({ length: limit }, () => registrationBody('gym', { email }));
    const results = await Promise.all(bodies.map((body) => register(stack, 'gym', body)));

    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(limit - 1).fill(409)]);
    const { docs } = await stack.couch.use<AccountDoc>(DB.accounts).find({ selector: { type: 'account', email } });
    expect(docs).toHaveLength(1);
    expect((await stack.outbox()).filter((m) => m.to === email)).toHaveLength(1);
  });

  it('registers while the mail server is down: the verification mail waits in the outbox and goes out once it is back', async () => {
    // An outbox directory that cannot be created makes every delivery from this instance fail.
    const brokenMail = await stack.startInstance({ outboxDir: path.join('/dev/null', 'outbox') });
    const body = registrationBody('user');
    const email = body.email as string;

    const res = await brokenMail.inject({ method: 'POST', url: '/api/register/user', payload: body });
    expect(res.statusCode).toBe(201);
    expect((await stack.outbox()).filter((m) => m.to === email)).toHaveLength(0);
    expect(stack.logs()).toContainEqual(expect.objectContaining({ msg: 'mail: attempt failed, will retry' }));

    // Past the first back-off, a working instance delivers it, once.
    stack.clock.advance(retryDelayMs(1));
    expect(await stack.deliverMail()).toBe(1);
    const mails = (await stack.outbox()).filter((m) => m.to === email);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your Mastr email']);
    expect((await stack.server.inject(apiPathOfLink(mails[0].text))).statusCode).toBe(200);
  });

  it('limits registrations per address: 429 with Retry-After past the limit, no account and no mail, lifted after the window', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < RATE_LIMITS.registerPerIp.limit; i++)
      expect((await register(stack, 'user', registrationBody('user'), ip)).statusCode).toBe(201);
    const before = await storedCounts();
    const mails = (await stack.outbox()).length;
    const body = registrationBody('user');

    const res = await register(stack, 'user', body, ip);
    expect(res.statusCode).toBe(429);
    expect(res.result).toMatchObject({ message: REGISTRATION_RATE_LIMITED });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCounts()).toEqual(before);
    expect(await stack.outbox()).toHaveLength(mails);
    // Another address is not held up.
    expect((await register(stack, 'user', registrationBody('user'))).statusCode).toBe(201);

    stack.clock.advance(RATE_LIMITS.registerPerIp.windowSeconds * 1000);
    expect((await register(stack, 'user', body, ip)).statusCode).toBe(201);
  });

  it('limits registrations per email from any address, so no inbox can be flooded', async () => {
    const email = 'flooded@example.com';
    for (const kind of ['user', 'coach', 'gym'] as const)
      expect((await register(stack, kind, registrationBody(kind, { email }))).statusCode).toBe(201);
    const res = await register(stack, 'user', registrationBody('user', { email: 'Flooded@Example.com' }));
    expect(res.statusCode).toBe(429);
    expect((await stack.outbox()).filter((m) => m.to === email)).toHaveLength(3);
  });
});
