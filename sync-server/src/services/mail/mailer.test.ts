import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../test-support/outbox.ts';
import { mailCalendarEvent } from './calendar-events.ts';
import { composeMail } from './mail-layout.ts';
import { createMailTransport, type MailMessage } from './mailer.ts';
import type { MailRecipient } from './recipients.ts';

const recipient: MailRecipient = {
  profileId: 'a'.repeat(24),
  kind: 'user',
  email: 'sam@example.com',
  name: 'Sam',
  preferencesUrl: 'https://mastr.test/userdashboard/account',
};
// A 1×1 PNG, as a pass's QR code would be.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('the development outbox keeps every part of a mail viewable', () => {
  let dir: string;
  let lines: string[];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mastr-outbox-'));
    lines = [];
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const transport = () =>
    createMailTransport({ from: 'Mastr <no-reply@mastr.test>', outboxDir: dir, log: (line) => lines.push(line) });

  it('writes the HTML beside the text with its inline image and .ics, and logs the HTML file', async () => {
    const mail: MailMessage = composeMail(recipient, 'receipts', {
      subject: 'Your day pass',
      greeting: 'Hello Sam,',
      paragraphs: ['Your day pass at Apex Boxing is booked.'],
      action: { label: 'Your day passes', url: 'https://mastr.test/userdashboard/daypasses' },
      image: { cid: 'qr@mastr', alt: 'Entry code QR', png: PNG },
      icalEvent: mailCalendarEvent(
        { uid: 'pass-p1', summary: 'Day pass: Apex Boxing', start: '2026-12-05' },
        { mailFrom: 'Mastr <no-reply@mastr.test>', to: recipient.email },
      ),
    });
    await transport().send(mail, { messageId: '<m1@mastr.test>' });

    const [written] = readOutbox(dir);
    expect(written.subject).toBe('Your day pass');
    expect(written.text).toContain('Your day pass at Apex Boxing is booked.');
    const htmlFile = path.join(dir, written.file.replace(/\.txt$/, '.html'));
    const html = await readFile(htmlFile, 'utf8');
    expect(html).toBe(written.html);
    expect(html).toContain('Your day pass at Apex Boxing is booked.');
    // The inline image is a file beside the HTML, so a browser shows it.
    expect(html).not.toContain('cid:qr@mastr');
    const src = /<img[^>]+src="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(await readFile(path.join(dir, src))).toEqual(PNG);
    const ics = await readFile(htmlFile.replace(/\.html$/, '.ics'), 'utf8');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('pass-p1@mastr.app');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(htmlFile);
    expect(lines[0]).toContain('https://mastr.test/userdashboard/daypasses');
  });

  it('a text-only mail is one .txt file, logged as before', async () => {
    await transport().send(
      { to: 'sam@example.com', subject: 'Verify', text: 'Open https://mastr.test/verify/x' },
      { messageId: '<m2@mastr.test>' },
    );
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.txt$/);
    expect(readOutbox(dir)[0].html).toBeUndefined();
    expect(lines[0]).toContain(path.join(dir, files[0]));
  });
});
