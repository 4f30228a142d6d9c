import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import QRCode from 'qrcode';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part; every mail has one (mail-layout.ts writes both from one source). */
  text: string;
  html?: string;
  /** Files, and images the HTML shows inline by `cid:` (a pass's QR code). Content is base64. */
  attachments?: MailAttachment[];
  /** A calendar event (RFC 5546): a `text/calendar` part and an `.ics` file (calendar-events.ts). */
  icalEvent?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; filename: string; content: string };
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post for the optional categories (RFC 8058). */
  headers?: Record<string, string>;
}

interface MailAttachment {
  filename: string;
  contentType: string;
  /** Base64, so the queued document stays JSON. */
  content?: string;
  /**
   * Instead of `content`: text drawn as a QR code PNG when the mail is delivered (an entry code), so
   * the request that queues the mail (a payment's webhook) does not spend ~20 ms of CPU drawing it.
   */
  qrText?: string;
  /** Set for an image the HTML shows inline (`<img src="cid:…">`). */
  cid?: string;
}

/** How an entry code's QR is drawn: what the PWA shows (the signed token, lowest error correction). */
export const QR_PNG_OPTIONS = { type: 'png', errorCorrectionLevel: 'L', margin: 3, width: 400 } as const;

/** The message with every QR attachment drawn (mail-layout.ts queues them as text). */
async function withDrawnAttachments(
  message: MailMessage,
): Promise<MailMessage & { attachments?: (MailAttachment & { content: string })[] }> {
  if (!message.attachments?.length) return { ...message, attachments: undefined };
  const attachments = await Promise.all(
    message.attachments.map(async ({ qrText, content, ...attachment }) => ({
      ...attachment,
      content:
        qrText !== undefined ? (await QRCode.toBuffer(qrText, QR_PNG_OPTIONS)).toString('base64') : (content ?? ''),
    })),
  );
  return { ...message, attachments };
}

/**
 * The development outbox's other files for one mail, next to its `.txt` (`base` is the path without
 * extension): the HTML part as `.html`, openable in a browser, with each attachment saved in
 * `{base}-files/` and an inline image's `cid:` reference rewritten to its file; the calendar event
 * as `.ics`. Returns the HTML file's path, or undefined for a mail without HTML.
 */
async function writeViewableParts(base: string, message: MailMessage): Promise<string | undefined> {
  let html = message.html;
  const attachments = message.attachments ?? [];
  // Attachments go in a folder of their own, so no attachment's name can pass for a mail's `.txt`.
  const folder = `${base}-files`;
  if (attachments.length > 0) await mkdir(folder, { recursive: true });
  for (const [index, attachment] of attachments.entries()) {
    const name = attachment.filename.replace(/[^a-z0-9._-]/gi, '_').replace(/^\.+/, '') || `attachment-${index}`;
    await writeFile(path.join(folder, name), Buffer.from(attachment.content ?? '', 'base64'));
    const relative = `${path.basename(folder)}/${name}`;
    if (attachment.cid && html) html = html.split(`cid:${attachment.cid}`).join(relative);
  }
  if (message.icalEvent) await writeFile(`${base}.ics`, message.icalEvent.content, 'utf8');
  if (html === undefined) return undefined;
  await writeFile(`${base}.html`, html, 'utf8');
  return `${base}.html`;
}

/** The message as nodemailer takes it. */
function toNodemailer(message: MailMessage) {
  return {
    ...message,
    attachments: message.attachments?.map((a) => ({ ...a, encoding: 'base64' })),
  };
}

/** What the services send mail with: the durable outbox (mail-delivery.ts), which queues and returns. */
export interface Mailer {
  /**
   * `key` names the event and recipient, so the same mail is queued once (mail-queue.ts);
   * `giveUpAfterMs` bounds how long a mail that keeps failing is retried (and its address kept).
   */
  send(message: MailMessage, options?: { key?: string; giveUpAfterMs?: number }): Promise<void>;
}

/** How the outbox hands a mail over: SMTP, or the development outbox's files. */
export interface MailTransport {
  send(message: MailMessage, options: { messageId: string }): Promise<void>;
}

/**
 * Mail through nodemailer. With SMTP_URL it sends over SMTP; without it, the development outbox
 * writes each mail as a text file under DATA_DIR/outbox/ (links in plain text), its HTML part as an
 * `.html` file beside it with its inline images and `.ics` (writeViewableParts), and logs the first
 * link and the file to open, so registration and reset work on a laptop with no mail server and
 * every mail can be looked at as its recipient would see it.
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** Where the outbox reports each mail it wrote (the server's logger). */
  log: (line: string) => void;
}): MailTransport {
  const log = options.log;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(queued, { messageId }) {
        const message = await withDrawnAttachments(queued);
        await transport.sendMail({ from: options.from, ...toNodemailer(message), messageId });
      },
    };
  }
  // jsonTransport runs nodemailer's own message building (address parsing included) without a
  // network; the outbox file is then written as readable text so links are never line-wrapped.
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(queued, { messageId }) {
      const message = await withDrawnAttachments(queued);
      const info = await transport.sendMail({ from: options.from, ...toNodemailer(message), messageId });
      const built = JSON.parse(String(info.message)) as {
        from?: { address: string };
        to?: { address: string }[];
        subject: string;
        text: string;
      };
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const base = path.join(options.outboxDir, `${stamp}-${safeTo}`);
      const file = `${base}.txt`;
      const body = [
        `From: ${options.from}`,
        `To: ${(built.to ?? []).map((a) => a.address).join(', ')}`,
        `Subject: ${built.subject}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: ${messageId}`,
        '',
        built.text,
        '',
      ].join('\n');
      await writeFile(file, body, 'utf8');
      const htmlFile = await writeViewableParts(base, message);
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      const shown = htmlFile ?? file;
      log(`[mail outbox] ${message.subject} → ${message.to}${link ? ` ${link}` : ''} (${shown})`);
    },
  };
}
