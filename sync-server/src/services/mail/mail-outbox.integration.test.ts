import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectCouch, setupDatabases, type Couch } from '../../couch/couch.ts';
import { DB } from '../../couch/databases.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox.ts';
import { startTestCouch, type TestCouch } from '../../test-support/test-couch.ts';
import { claimMail, dueMails, MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, retryDelayMs, type MailDoc } from './mail-queue.ts';
import { createMailer } from './mail-outbox.ts';

const FROM = 'Mastr <no-reply@mastr.test>';

describe('the durable mail outbox, delivered to a real SMTP server on loopback', () => {
  let couchServer: TestCouch;
  let couch: Couch;
  let inbox: SmtpInbox;
  const clock = { now: new Date('2026-11-27T10:00:00Z') };
  const logs: string[] = [];
  const outbox = (smtpUrl = inbox.url) =>
    createMailer({
      couch,
      from: FROM,
      smtpUrl,
      outboxDir: '/nonexistent',
      log: (line) => logs.push(line),
      now: () => clock.now,
    });
  /** An outbox whose every delivery attempt fails with `error`. */
  const failingOutbox = (error: string) =>
    createMailer({
      couch,
      from: FROM,
      outboxDir: '/nonexistent',
      log: (line) => logs.push(line),
      now: () => clock.now,
      transport: { send: () => Promise.reject(new Error(error)) },
    });
  const mailDocs = async () =>
    (await couch.use<MailDoc>(DB.mail).list({ include_docs: true })).rows
      .map((r) => r.doc!)
      .filter((d) => d.type === 'mail');

  beforeAll(async () => {
    couchServer = await startTestCouch();
    couch = connectCouch(couchServer.url);
    await setupDatabases(couch);
    inbox = await startSmtpInbox();
  });
  afterAll(async () => {
    await inbox.stop().catch(() => undefined);
    await couchServer.close();
  });
  afterEach(async () => {
    for (const doc of await mailDocs()) await couch.use(DB.mail).destroy(doc._id, doc._rev!);
    inbox.received.length = 0;
    logs.length = 0;
  });

  it('queues a mail and delivers it: recipient, subject, text and a Message-ID of its own', async () => {
    const mailer = outbox();
    await mailer.send({ to: 'sam@example.com', subject: 'Your day pass', text: 'See you on Saturday.' });
    await mailer.idle();
    expect(inbox.received).toHaveLength(1);
    const [mail] = inbox.received;
    expect(mail.envelopeTo).toEqual(['sam@example.com']);
    expect(mail.from).toContain('no-reply@mastr.test');
    expect(mail.subject).toBe('Your day pass');
    expect(mail.text.trim()).toBe('See you on Saturday.');
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@mastr\.test>$/);
    const [doc] = await mailDocs();
    expect(doc).toMatchObject({ state: 'sent', attempts: 1, sentAt: clock.now.toISOString() });
    expect(doc.leaseHolder).toBeUndefined();
    // Sent: the address and text are gone from the database; the record keeps what the mail was.
    expect(doc.message).toBeUndefined();
    expect(doc.subject).toBe('Your day pass');
  });

  it('queues a keyed mail once, however many instances send it for the same event', async () => {
    const instances = [outbox(), outbox(), outbox()];
    const message = { to: 'sam@example.com', subject: 'Booking confirmed', text: 'Thursday 18:00.' };
    await Promise.all(
      instances.flatMap((m) => [
        m.send(message, { key: 'pt-paid:abc:member' }),
        m.send(message, { key: 'pt-paid:abc:member' }),
      ]),
    );
    await Promise.all(instances.map((m) => m.idle()));
    expect(inbox.received.map((m) => m.subject)).toEqual(['Booking confirmed']);
    expect(await mailDocs()).toHaveLength(1);
  });

  it('sends each of many due mails exactly once when several instances deliver at the same time', async () => {
    const first = outbox();
    // Queued while delivery was held back: written straight, as a request on a busy instance leaves them.
    for (let i = 0; i < 12; i += 1)
      await couch.use<MailDoc>(DB.mail).insert({
        _id: `mail:batch-${i}`,
        type: 'mail',
        message: { to: `m${i}@example.com`, subject: `Mail ${i}`, text: 'Hello.' },
        subject: `Mail ${i}`,
        state: 'queued',
        attempts: 0,
        dueAt: clock.now.toISOString(),
        createdAt: clock.now.toISOString(),
      } satisfies MailDoc);
    const sent = await Promise.all([first.deliverDue(), outbox().deliverDue(), outbox().deliverDue()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(12);
    expect(inbox.received.map((m) => m.subject).sort()).toEqual([...Array(12).keys()].map((i) => `Mail ${i}`).sort());
    expect((await mailDocs()).every((d) => d.state === 'sent' && d.attempts === 1)).toBe(true);
  });

  it('never makes the request wait for a mail server that is down, and delivers once it is back', async () => {
    await inbox.stop();
    try {
      const mailer = outbox();
      await mailer.send({ to: 'sam@example.com', subject: 'Receipt', text: '£15.00 paid.' });
      // `send` answered once the mail was queued: the failed attempt came after it.
      await mailer.idle();
      let [doc] = await mailDocs();
      // Waiting for its retry, it still holds the mail.
      expect(doc).toMatchObject({ state: 'queued', attempts: 1, message: { to: 'sam@example.com' } });
      expect(doc.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(doc.dueAt).toBe(new Date(clock.now.getTime() + retryDelayMs(1)).toISOString());
      expect(logs.some((l) => l.includes('mail: attempt failed, will retry') && l.includes('sam@example.com'))).toBe(
        true,
      );

      await inbox.start();
      // Not yet due: the back-off holds it.
      expect(await mailer.deliverDue()).toBe(0);
      clock.now = new Date(clock.now.getTime() + retryDelayMs(1));
      expect(await mailer.deliverDue()).toBe(1);
      expect(inbox.received.map((m) => m.subject)).toEqual(['Receipt']);
      [doc] = await mailDocs();
      expect(doc).toMatchObject({ state: 'sent', attempts: 2 });
    } finally {
      await inbox.start().catch(() => undefined);
    }
  });

  it('takes up a mail whose sender died holding it, once the lease has lapsed, with the same Message-ID', async () => {
    const mailer = outbox();
    await couch.use<MailDoc>(DB.mail).insert({
      _id: 'mail:orphan',
      type: 'mail',
      message: { to: 'sam@example.com', subject: 'Orphan', text: 'Hello.' },
      subject: 'Orphan',
      state: 'queued',
      attempts: 0,
      dueAt: clock.now.toISOString(),
      createdAt: clock.now.toISOString(),
    } satisfies MailDoc);
    // An instance claims it and dies before sending or settling.
    const [due] = await dueMails(couch, clock.now, 10);
    expect(await claimMail(couch, due, 'dead-instance', clock.now)).not.toBeNull();
    expect(await mailer.deliverDue()).toBe(0);
    clock.now = new Date(clock.now.getTime() + MAIL_LEASE_MS);
    expect(await mailer.deliverDue()).toBe(1);
    expect(inbox.received.map((m) => m.subject)).toEqual(['Orphan']);
    const [doc] = await mailDocs();
    expect(doc).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it(`gives a mail up after ${MAIL_MAX_ATTEMPTS} failed attempts, and says so in the log`, async () => {
    const mailer = failingOutbox('550 mailbox unavailable');
    await mailer.send({ to: 'nobody@example.com', subject: 'Never', text: '.' });
    await mailer.idle();
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt += 1) {
      clock.now = new Date(clock.now.getTime() + retryDelayMs(attempt));
      await mailer.deliverDue();
    }
    const [doc] = await mailDocs();
    expect(doc).toMatchObject({ state: 'failed', attempts: MAIL_MAX_ATTEMPTS, lastError: '550 mailbox unavailable' });
    expect(doc.message).toBeUndefined();
    expect(logs.filter((l) => l.startsWith(`mail: given up after ${MAIL_MAX_ATTEMPTS} attempts`))).toHaveLength(1);
    clock.now = new Date(clock.now.getTime() + 7 * 24 * 60 * 60_000);
    expect(await mailer.deliverDue()).toBe(0);
  });

  it('gives a mail with a time limit up at its first failure past it, and keeps no address after', async () => {
    const mailer = failingOutbox('451 try again later');
    const started = clock.now.getTime();
    await mailer.send({ to: 'gone@example.com', subject: 'Goodbye', text: '.' }, { giveUpAfterMs: 10 * 60_000 });
    await mailer.idle();
    // 30 s, 1, 2 and 4 minutes of back-off: attempt 5 fails at 7.5 minutes, and its retry would be past 10.
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt += 1) {
      const [doc] = await mailDocs();
      if (doc.state !== 'queued') break;
      clock.now = new Date(doc.dueAt);
      await mailer.deliverDue();
    }
    const [doc] = await mailDocs();
    expect(doc).toMatchObject({ state: 'failed', attempts: 5, lastError: '451 try again later' });
    expect(doc.message).toBeUndefined();
    expect(clock.now.getTime() - started).toBeLessThanOrEqual(10 * 60_000);
    expect(logs.filter((l) => l.startsWith('mail: given up after 5 attempts'))).toHaveLength(1);
  });
});
