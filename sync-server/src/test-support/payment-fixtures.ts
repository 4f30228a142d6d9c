import { passDocPrefix } from '@mastr/rules/doc-ids.ts';
import type { ClassItem, DayPassDoc, GymProfileDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { couchStatus } from '../couch/couch.ts';
import { tenantDbName } from '../couch/databases.ts';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import { newId } from '../couch/ids.ts';
import { givenGym, givenSchedule } from './directory-fixtures.ts';
import { givenAccount } from './sign-in-helpers.ts';
import { bearerFor } from './sync-fixtures.ts';
import type { Server } from '@hapi/hapi';
import { webhookUrlOf } from '../services/payments/index.ts';
import type { TestStack } from './test-stack.ts';

/** Payments fixtures: gyms that can sell, members, and the provider's hosted pages driven like a browser. */

const classItem = (kidsClass: boolean, startTime: number): ClassItem => ({
  _id: newId(),
  discipline: kidsClass ? 'Kids Boxing' : 'Boxing',
  difficulty: 'Any',
  startTime,
  endTime: startTime + 3600,
  location: 'Main mat',
  kidsClass,
});

/** Submits a hosted page's form (Pay, Complete onboarding, Cancel subscription) and returns where it redirects. */
export async function submitHostedForm(
  url: string,
  action: string,
  fields: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(`${url}/${action}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  await response.body?.cancel();
  if (response.status !== 303) throw new Error(`${action} on ${url} answered ${response.status}`);
  return response.headers.get('location')!;
}

/** Completes Stripe onboarding for a gym or coach through the real route and the hosted page. */
export async function onboard(stack: TestStack, kind: 'gym' | 'coach', profileId: string): Promise<void> {
  const res = await stack.server.inject({
    method: 'POST',
    url: `/api/stripe/${kind}/express_onboarding_link`,
    headers: await bearerFor(stack, kind, profileId),
  });
  if (res.statusCode !== 200) throw new Error(`onboarding link: ${res.statusCode} ${res.payload}`);
  await submitHostedForm(JSON.parse(res.payload).url, 'complete');
}

/**
 * A public, subscribed gym with adult and kids classes every day (default week) and, unless told
 * otherwise, a Connect account that finished onboarding.
 */
export async function givenSellingGym(
  stack: TestStack,
  options: { profile?: Partial<GymProfileDoc>; onboarded?: boolean; kidsClasses?: boolean } = {},
): Promise<string> {
  const gymId = await givenGym(stack, {
    stripeAccountDetailsSubmittedStatus: false,
    adultDayPassPrice: 1500,
    kidsDayPassPrice: 800,
    ...options.profile,
  });
  const day = [classItem(false, 18 * 3600), ...((options.kidsClasses ?? true) ? [classItem(true, 17 * 3600)] : [])];
  await givenSchedule(stack, gymId, null, Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((weekday) => [weekday, day])));
  if (options.onboarded ?? true) await onboard(stack, 'gym', gymId);
  return gymId;
}

/** A verified member account with its token header. */
export async function givenPayingMember(stack: TestStack) {
  const { account, email } = await givenAccount(stack, 'user');
  return { memberId: account.profileId, email, headers: await bearerFor(stack, 'user', account.profileId) };
}

export function checkoutSessionIdOf(url: string): string {
  return new URL(url).pathname.split('/').pop()!;
}

/** Every document of a tenant database whose id starts with the prefix (none while the database does not exist). */
async function tenantDocs<T>(stack: TestStack, kind: 'gym' | 'member', id: string, prefix: string): Promise<T[]> {
  const db = stack.couch.use<T & { _id: string }>(tenantDbName(kind, id));
  const listed = await db.list({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true }).catch((err) => {
    if (couchStatus(err) === 404) return { rows: [] };
    throw err;
  });
  return listed.rows.flatMap((row) => (row.doc ? [row.doc as T] : []));
}

export const dayPasses = (stack: TestStack, kind: 'gym' | 'member', id: string) =>
  tenantDocs<DayPassDoc>(stack, kind, id, passDocPrefix('day-pass'));
export const mastrPasses = (stack: TestStack, kind: 'gym' | 'member', id: string) =>
  tenantDocs<MastrPassDoc>(stack, kind, id, passDocPrefix('mastr-pass'));

/** Books and pays a day pass through the real calls; resolves to the pass as the gym holds it. */
export async function buyDayPass(
  stack: TestStack,
  gymId: string,
  member: { memberId: string; headers: Record<string, string> },
  date: string,
) {
  const res = await stack.server.inject({
    method: 'POST',
    url: '/api/booking/createCheckoutSessionAdultDayPass',
    headers: member.headers,
    payload: { user_id: member.memberId, gym_id: gymId, passDayDate: date },
  });
  if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.payload}`);
  const { url } = JSON.parse(res.payload) as { url: string };
  await submitHostedForm(url, 'pay');
  const sessionId = checkoutSessionIdOf(url);
  const passId = await checkoutPassId(sessionId);
  const pass = (await dayPasses(stack, 'gym', gymId)).find((p) => p.passId === passId);
  if (!pass) throw new Error('no pass after paying');
  return { pass, sessionId };
}

/**
 * Books and pays a Mastr class pass (£1) for one of the gym's next two classes through the real
 * calls; resolves to the pass as the gym holds it (booked into that class).
 */
/** Opens the member's hosted checkout for a Mastr pass into `mastrClass`; resolves to its URL. */
export async function checkoutMastrPass(
  stack: TestStack,
  gymId: string,
  member: { memberId: string; headers: Record<string, string> },
  mastrClass: { _id: string; classDateAndTime: string },
): Promise<string> {
  const res = await stack.server.inject({
    method: 'POST',
    url: '/api/booking/createCheckoutMastrClass',
    headers: member.headers,
    payload: {
      user_id: member.memberId,
      gym_id: gymId,
      mastrClassDate: mastrClass.classDateAndTime,
      mastrClassId: mastrClass._id,
    },
  });
  if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.payload}`);
  return (JSON.parse(res.payload) as { url: string }).url;
}

export async function buyMastrPass(
  stack: TestStack,
  gymId: string,
  member: { memberId: string; headers: Record<string, string> },
  mastrClass: { _id: string; classDateAndTime: string },
) {
  const url = await checkoutMastrPass(stack, gymId, member, mastrClass);
  await submitHostedForm(url, 'pay');
  const passId = await checkoutPassId(checkoutSessionIdOf(url));
  const pass = (await mastrPasses(stack, 'gym', gymId)).find((p) => p.passId === passId);
  if (!pass) throw new Error('no Mastr pass after paying');
  return pass;
}

/** Pays a hosted checkout with webhooks held back; resolves to the completed event as Stripe would send it. */
export async function payWithoutDelivery(stack: TestStack, url: string): Promise<string> {
  stack.provider.setWebhookUrl(null);
  try {
    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    await paid.body?.cancel();
  } finally {
    stack.provider.setWebhookUrl(webhookUrlOf(stack.server));
  }
  const sessionId = checkoutSessionIdOf(url);
  const delivery = stack.provider
    .deliveries()
    .find(
      (d) => d.event.type === 'checkout.session.completed' && (d.event.data.object as { id: string }).id === sessionId,
    );
  return JSON.stringify(delivery!.event);
}

/** Delivers a webhook payload, freshly signed, to an instance (the stack's first unless told). */
export function deliverEvent(stack: TestStack, payload: string, server: Server = stack.server) {
  const signature = stack.stripe.webhooks.generateTestHeaderString({
    payload,
    secret: stack.config.stripe.webhookSecret,
  });
  return server.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}
