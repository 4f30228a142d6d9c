import { randomBytes } from 'node:crypto';
import type { Server } from '@hapi/hapi';
import type { DayPassType } from '@mastr/rules/constants.ts';
import { checkInId, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import type { AccountKind, TenantKind } from '@mastr/rules/roles.ts';
import { mintAccessToken } from './access-fixtures.ts';
import { newId } from '../couch/ids.ts';
import { createDayPass, createMastrPass, type PassesDeps } from '../services/passes/index.ts';
import { tenantDb, updateDoc } from '../couch/tenant-docs.ts';
import type { TestStack } from './test-stack.ts';

/** The passes service wired to the stack (its clock, its signing key). */
export function passesDeps(stack: TestStack): PassesDeps {
  return { couch: stack.couch, now: () => stack.clock.now, config: stack.config };
}

/** An Authorization header for a fresh access token of that kind and profile (its account is created if missing). */
export async function bearerFor(
  stack: TestStack,
  kind: AccountKind,
  profileId: string,
): Promise<{ authorization: string }> {
  const token = await mintAccessToken(stack, kind, profileId, stack.clock.now);
  return { authorization: `Bearer ${token}` };
}

/** Marks both copies of a day pass cancelled, as a finished cancellation leaves them (no refund, no mail). */
export async function markDayPassCancelled(
  stack: Pick<TestStack, 'couch'>,
  pass: Pick<DayPassDoc, '_id' | 'gymId' | 'memberId'>,
): Promise<void> {
  for (const [kind, owner] of [
    ['gym', pass.gymId],
    ['member', pass.memberId],
  ] as const) {
    await updateDoc(tenantDb<DayPassDoc>(stack.couch, kind, owner), pass._id, (current) =>
      current && !current.cancelled ? { ...current, cancelled: true } : null,
    );
  }
}

export async function givenDayPass(
  stack: TestStack,
  gymId: string,
  date: string,
  options: { passType?: DayPassType; memberId?: string } = {},
): Promise<DayPassDoc> {
  const member = { profileId: options.memberId ?? newId(), name: 'Alex', email: 'alex@example.com' };
  const { pass } = await createDayPass(passesDeps(stack), {
    gym: { profileId: gymId, gymName: 'Iron Temple' },
    member,
    passType: options.passType ?? 'Adult',
    date,
    pricePence: 1500,
  });
  return pass;
}

export async function givenMastrPass(
  stack: TestStack,
  gymId: string,
  dateAndTimeStart: string | null,
): Promise<MastrPassDoc> {
  const member = { profileId: newId(), name: 'Sam', email: 'sam@example.com' };
  const { pass } = await createMastrPass(passesDeps(stack), {
    gym: { profileId: gymId, gymName: 'Iron Temple' },
    member,
    dateAndTimeStart,
    pricePence: 100,
  });
  return pass;
}

/** A check-in record as a front-desk tablet pushes it (RxDB adds `_deleted: false`). */
export function deviceCheckIn(pass: PassDoc, checkedInAt: string, deviceId = 'tablet-1') {
  return {
    _id: checkInId(pass.passId, randomBytes(6).toString('hex')),
    type: 'check-in',
    passId: pass.passId,
    passKind: pass.type,
    gymId: pass.gymId,
    checkedInAt,
    method: 'tap',
    deviceId,
    _deleted: false,
  };
}

export async function bulkDocs(server: Server, stack: TestStack, kind: TenantKind, id: string, docs: unknown[]) {
  const owner = kind === 'member' ? 'user' : kind;
  return server.inject({
    method: 'POST',
    url: `/sync/${kind}/${id}/_bulk_docs`,
    headers: await bearerFor(stack, owner, id),
    payload: { docs },
  });
}

/** An hour in seconds: timetable classes start and end in seconds after midnight. */
export const HOUR_S = 3600;

/** A one-hour adult Boxing class on the main mat, as a gym device adds it to a timetable week. */
export const boxingClass = (id: string, startTime: number) => ({
  _id: id,
  discipline: 'Boxing',
  difficulty: 'Fundamentals',
  startTime,
  endTime: startTime + HOUR_S,
  location: 'Main mat',
  kidsClass: false,
});
