import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc } from '@mastr/rules/documents.ts';
import { DB } from '../couch/databases.ts';
import { updateDoc } from '../couch/tenant-docs.ts';
import { givenCoach, givenGym } from '../test-support/directory-fixtures.ts';
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox.ts';
import { bearerFor } from '../test-support/sync-fixtures.ts';
import { startTestStack, type TestStack } from '../test-support/test-stack.ts';
import type { Server } from '@hapi/hapi';

describe('coach–gym mails, delivered to a real SMTP server on loopback', () => {
  let stack: TestStack;
  let inbox: SmtpInbox;
  let other: Server;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    stack = await startTestStack({ smtpUrl: inbox.url });
    other = await stack.startInstance();
  });
  afterAll(async () => {
    await stack.stop();
    await inbox.stop();
  });

  const call = async (
    kind: 'coach' | 'gym',
    id: string,
    method: string,
    url: string,
    payload?: object,
    server?: Server,
  ) =>
    (await (server ?? stack.server).inject({ method, url, payload, headers: await bearerFor(stack, kind, id) }))
      .statusCode;
  const request = (coachId: string, gymId: string) =>
    call('coach', coachId, 'POST', '/api/me/coaches/requestgym', { gym_id: gymId });
  const approve = (gymId: string, coachId: string, server?: Server) =>
    call('gym', gymId, 'POST', `/api/me/gyms/mycoaches/approve/${coachId}`, undefined, server);

  const subjectsTo = async (kind: 'coach' | 'gym', id: string) => {
    await stack.outbox();
    return inbox.received.filter((m) => m.envelopeTo.includes(`${kind}-${id}@example.com`)).map((m) => m.subject);
  };

  async function pair() {
    const gymId = await givenGym(stack, { gymName: 'Iron Temple' });
    const coachId = await givenCoach(stack, { firstName: 'Casey', lastName: 'Jones' });
    // Accounts (verified) for both, as a signed-in party has.
    await bearerFor(stack, 'gym', gymId);
    await bearerFor(stack, 'coach', coachId);
    return { gymId, coachId };
  }

  it('request → accept (two instances at once) → leave → request again → reject: each change mailed once to the side told', async () => {
    const { gymId, coachId } = await pair();
    expect(await request(coachId, gymId)).toBe(200);
    await stack.outbox();
    const [asked] = inbox.received.filter((m) => m.envelopeTo.includes(`gym-${gymId}@example.com`));
    expect(asked.subject).toBe('Casey Jones has requested to join Iron Temple');
    expect(asked.text).toContain('Hello Iron Temple,');
    expect(asked.text).toContain(`${stack.config.publicUrl}/gymdashboard/management`);
    // mailparser gathers the List-* headers under 'list'.
    expect(asked.headers.get('list')).toMatchObject({
      unsubscribe: { url: expect.stringContaining('/api/mail/unsubscribe/') },
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });

    const approved = await Promise.all([approve(gymId, coachId), approve(gymId, coachId, other)]);
    expect(approved).toEqual([200, 200]);
    expect(await call('coach', coachId, 'PUT', `/api/me/coaches/registeredgym/${gymId}`)).toBe(200);
    expect(await request(coachId, gymId)).toBe(200);
    expect(await call('gym', gymId, 'PUT', `/api/me/gyms/myrequests/${coachId}`)).toBe(200);

    expect(await subjectsTo('coach', coachId)).toEqual([
      'Iron Temple accepted your request',
      'Iron Temple rejected your request to join',
    ]);
    // The second request is a new change of the relation (a new revision): told again.
    expect(await subjectsTo('gym', gymId)).toEqual([
      'Casey Jones has requested to join Iron Temple',
      'Casey Jones has left Iron Temple',
      'Casey Jones has requested to join Iron Temple',
    ]);
    const accepted = inbox.received.find((m) => m.subject === 'Iron Temple accepted your request')!;
    expect(accepted.text).toContain(`${stack.config.publicUrl}/coachdashboard/management`);
  });

  it('a termination and a cancelled request are mailed; a gym that turned request alerts off gets none', async () => {
    const { gymId, coachId } = await pair();
    await request(coachId, gymId);
    await approve(gymId, coachId);
    expect(await call('gym', gymId, 'DELETE', `/api/me/gyms/mycoaches/${coachId}`)).toBe(200);
    expect(await subjectsTo('coach', coachId)).toEqual([
      'Iron Temple accepted your request',
      'Iron Temple has ended your registration',
    ]);

    await updateDoc(stack.couch.use<AccountDoc>(DB.accounts), accountDocId(gymId), (a) =>
      a ? { ...a, mailPreferences: { requests: false } } : null,
    );
    await request(coachId, gymId);
    expect(await call('coach', coachId, 'PUT', `/api/me/coaches/requestgym/${gymId}`)).toBe(200);
    expect(await subjectsTo('gym', gymId)).toEqual(['Casey Jones has requested to join Iron Temple']);
  });
});
