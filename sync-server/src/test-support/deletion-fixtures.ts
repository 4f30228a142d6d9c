import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { accountDocId, emailClaimId, mobileClaimId, paymentDocId, profileDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { KIND_PLURAL } from '@mastr/rules/roles.ts';
import { normaliseMobile } from '@mastr/rules/validation.ts';
import { couchStatus } from '../couch/couch.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { getDoc } from '../couch/tenant-docs.ts';
import { createAccount, type NewAccountInput } from '../services/accounts/index.ts';
import type { PaymentDoc } from '../couch/stores/payments-store.ts';
import { register, registrationBody } from './account-fixtures.ts';
import { bearer, jwtCookieOf, PASSWORD, refresh, signIn } from './sign-in-helpers.ts';
import type { TestStack } from './test-stack.ts';

/**
 * Settings 'Delete My Account' fixtures (design/decisions.md "Deleting an account"): accounts signed
 * in on two devices, and what every kind must show once deleted. Each test account carries names
 * that appear nowhere else, so "its personal data is gone" is a search of every document CouchDB holds.
 */

// Wednesday 17 November 2027, 10:00 UK (GMT); coach weeks start Sunday 14th and Sunday 21st. In the future, so
// the access tokens sign-in issues on this clock are not too old for the real one.
export const WEDNESDAY = new Date('2027-11-17T10:00:00Z');
export const THURSDAY = new Date('2027-11-18T10:00:00Z');
export const SATURDAY = new Date('2027-11-20T10:00:00Z');
export const SIX_PM = 18 * 3600;

const uniqueMobile = () => `07${String(randomInt(1e9)).padStart(9, '0')}`;

/** An account as givenSignedInAccount leaves it: its ids and the sessions of its two devices. */
interface SignedInAccount {
  profileId: string;
  email: string;
  mobile: string;
  devices: { token: string; cookie: string }[];
}

/** Calls the Delete My Account route of `kind`, as Settings does. */
export const deleteMe = (stack: TestStack, kind: AccountKind, headers: Record<string, string>) =>
  stack.server.inject({ method: 'DELETE', url: `/api/me/${KIND_PLURAL[kind]}`, headers });

/** A verified account with its own names, signed in twice (two devices). */
export async function givenSignedInAccount(
  stack: TestStack,
  input: Omit<NewAccountInput, 'pwd' | 'mobile'>,
): Promise<SignedInAccount> {
  const mobile = uniqueMobile();
  const { account } = await createAccount(
    stack.couch,
    { ...input, mobile, pwd: PASSWORD },
    { verified: true, now: stack.clock.now },
  );
  const devices = [];
  for (let i = 0; i < 2; i++) {
    const res = await signIn(stack.server, input.kind, input.email);
    expect(res.statusCode, res.payload).toBe(200);
    devices.push({ token: (res.result as { accessToken: string }).accessToken, cookie: jwtCookieOf(res)! });
  }
  return { profileId: account.profileId, email: account.email, mobile, devices };
}

/**
 * Where a text is stored: `database/document id` of every document of every database holding it,
 * deleted ones included (their last body, if they kept one).
 */
export async function whereStored(stack: TestStack, ...texts: string[]): Promise<string[]> {
  // A mail still queued holds its address and text until delivered (the goodbye of the deletion
  // itself among them; design/mail.md): what is asked is what stays once the outbox has delivered.
  await stack.outbox();
  const found: string[] = [];
  for (const name of await stack.couch.db.list()) {
    const { results } = await stack.couch.use(name).changes({ include_docs: true, style: 'all_docs' });
    for (const row of results) {
      const body = JSON.stringify((row as { doc?: unknown }).doc ?? {}).toLowerCase();
      if (texts.some((t) => body.includes(t.toLowerCase())))
        found.push(`${name}/${row.id}${row.deleted ? ' (tombstone)' : ''}`);
    }
  }
  return found;
}

const databaseExists = async (stack: TestStack, name: string) =>
  stack.couch.db.get(name).then(
    () => true,
    (err: unknown) => {
      if (couchStatus(err) === 404) return false;
      throw err;
    },
  );

/** The server's record of a pass's payment (it outlives the account: amounts and Stripe ids stay). */
export const paymentOf = async (stack: TestStack, passId: string) =>
  getDoc(stack.couch.use<PaymentDoc>(DB.payments), paymentDocId(passId));

/** The provider's charge behind a pass, to read what was refunded on it. */
export const chargeOf = async (stack: TestStack, passId: string) => {
  const intent = await stack.stripe.paymentIntents.retrieve((await paymentOf(stack, passId))!.paymentIntentId);
  return stack.stripe.charges.retrieve(intent.latest_charge as string);
};

/** What every kind must show once deleted: no way back in, and the email and mobile free again. */
export async function expectGoneForGood(stack: TestStack, kind: AccountKind, who: SignedInAccount) {
  for (const { token, cookie } of who.devices) {
    const me = await stack.server.inject({
      method: 'GET',
      url: `/api/me/${KIND_PLURAL[kind]}`,
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(401);
    expect((await refresh(stack.server, cookie)).statusCode).toBe(401);
  }
  // The same, now dead, token cannot delete again.
  expect((await deleteMe(stack, kind, bearer(who.devices[0].token))).statusCode).toBe(401);
  expect((await signIn(stack.server, kind, who.email)).statusCode).toBe(401);

  const accounts = stack.couch.use<{ _id: string }>(DB.accounts);
  for (const id of [
    accountDocId(who.profileId),
    emailClaimId(kind, who.email),
    mobileClaimId(kind, normaliseMobile(who.mobile)),
  ]) {
    expect(await getDoc(accounts, id), id).toBeNull();
  }
  expect(await getDoc(stack.couch.use<{ _id: string }>(DB.profiles), profileDocId(kind, who.profileId))).toBeNull();
  const tenant = { user: 'member', coach: 'coach', gym: 'gym' } as const;
  expect(await databaseExists(stack, tenantDbName(tenant[kind], who.profileId))).toBe(false);
  const { docs: sessions } = await stack.couch.use(DB.auth).find({ selector: { accountId: who.profileId } });
  expect(sessions).toEqual([]);

  // Claim ids are the email and mobile themselves. Apache CouchDB purges their tombstones, so nothing
  // holds either any more; the embedded server cannot purge, so there the bare tombstones (id and
  // revision only) are all that is left.
  const claimTombstones = [
    `${DB.accounts}/${emailClaimId(kind, who.email)} (tombstone)`,
    `${DB.accounts}/${mobileClaimId(kind, normaliseMobile(who.mobile))} (tombstone)`,
  ];
  expect(await whereStored(stack, who.email, normaliseMobile(who.mobile))).toEqual(
    stack.couchServer.kind === 'apache' ? [] : claimTombstones,
  );
}

/** The deleted account's email and mobile register a new account of the same kind. */
export async function expectCanRegisterAgain(
  stack: TestStack,
  kind: AccountKind,
  who: { email: string; mobile: string },
) {
  const again = await register(stack, kind, registrationBody(kind, { email: who.email, mobile: who.mobile }));
  expect(again.statusCode, again.payload).toBe(201);
}
