import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** The mails the development outbox (services/mail/mailer.ts) wrote to `dir`, oldest first. */
export function readOutbox(dir: string): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(dir, file), 'utf8');
    const [head, ...body] = raw.split('\n\n');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '';
    return { file, to: header('To'), subject: header('Subject'), text: body.join('\n\n') };
  });
}
