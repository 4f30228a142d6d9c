import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | false;
  messageId: string;
  headers: Map<string, unknown>;
  attachments: { filename?: string; contentType: string; content: Buffer; cid?: string }[];
}

export interface SmtpInbox {
  /** `smtp://127.0.0.1:PORT`, as SMTP_URL takes it. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Stops accepting connections (a mail server that is down); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps every mail it is sent, parsed
 * by `mailparser`: what nodemailer delivers in the tests, checked as a recipient's mail client reads it.
 */
export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const listen = async (onPort: number): Promise<number> => {
    server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no certificate to offer.
      hideSTARTTLS: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              from: parsed.from?.text ?? '',
              to: [parsed.to ?? []]
                .flat()
                .map((a) => a.text)
                .join(', '),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? false,
              messageId: parsed.messageId ?? '',
              headers: parsed.headers,
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
                cid: a.cid,
              })),
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(onPort, '127.0.0.1', () => resolve());
    });
    return (server.server.address() as AddressInfo).port;
  };
  const bound = await listen(port);
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    async stop() {
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    async start() {
      await listen(bound);
    },
  };
}
