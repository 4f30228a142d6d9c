import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, from the `.html` file written beside the mail's `.txt` (none for a text-only mail). */
  html?: string;
}

/** The mails the development outbox (services/mail/mailer.ts) wrote to `dir`, oldest first. */
export function readOutbox(dir: string): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const names = new Set(files);
  // One `.txt` per mail; its `.html`, `.ics` and `-files/` sit beside it.
  return files
    .filter((file) => file.endsWith('.txt'))
    .map((file) => {
      const raw = readFileSync(path.join(dir, file), 'utf8');
      const [head, ...body] = raw.split('\n\n');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '';
      const htmlFile = file.replace(/\.txt$/, '.html');
      const html = names.has(htmlFile) ? readFileSync(path.join(dir, htmlFile), 'utf8') : undefined;
      return { file, to: header('To'), subject: header('Subject'), text: body.join('\n\n'), html };
    });
}
