import { vi } from 'vitest';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { DB } from '../couch/databases.ts';
import { nextIp } from './sign-in-helpers.ts';
import type { TestStack } from './test-stack.ts';

export const GOOD_PASSWORD = 'Str0ng!Pass';

let sequence = 0;

/** A valid §3 registration body with a fresh email and mobile, plus any overrides. */
export function registrationBody(kind: AccountKind, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  const common = {
    email: `person${sequence}@example.co.uk`,
    mobile: `07${String(sequence).padStart(9, '0')}`,
    pwd: GOOD_PASSWORD,
    termsOfUseAccepted: true,
  };
  const byKind: Record<AccountKind, Record<string, unknown>> = {
    user: { firstName: 'Ada', ...common, detailsAreConfirmed: true },
    coach: { firstName: 'Bruce', lastName: 'Lee', ...common },
    gym: { gymName: 'Iron Dojo', ...common },
  };
  return { ...byKind[kind], ...overrides };
}

/** Registers from a fresh client address each time (the per-address limit is tested on its own). */
export function register(stack: TestStack, kind: AccountKind, payload: unknown, remoteAddress = nextIp()) {
  return stack.server.inject({
    method: 'POST',
    url: `/api/register/${kind}`,
    payload: payload as object,
    remoteAddress,
  });
}

/** Documents in a database (design documents included: compare counts, not absolutes). */
export async function docCount(stack: TestStack, db: string = DB.accounts): Promise<number> {
  return (await stack.couch.use(db).info()).doc_count;
}

/** Waits for the newest mail to `to` with this subject (reset mails are sent after the answer). */
export async function waitForMail(stack: TestStack, to: string, subject: string, count = 1) {
  return vi.waitFor(
    async () => {
      const mails = (await stack.outbox()).filter((m) => m.to === to && m.subject === subject);
      if (mails.length < count) throw new Error(`no mail '${subject}' to ${to} yet`);
      return mails[mails.length - 1];
    },
    { timeout: 5000, interval: 20 },
  );
}

/** The one link in a mail's text, as the API path the PWA page would call (`/api` + its path). */
export function apiPathOfLink(text: string): string {
  const links = text.match(/https?:\/\/\S+/g) ?? [];
  if (links.length !== 1) throw new Error(`expected one link, found ${links.length}`);
  return `/api${new URL(links[0]).pathname}`;
}
