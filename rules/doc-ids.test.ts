import { describe, expect, it } from 'vitest';
import {
  accountDocId,
  availabilityDocId,
  bookingDocId,
  checkInId,
  checkInOutcomeId,
  coachRequestId,
  connectAccountDocId,
  emailClaimId,
  entryCodeClaimId,
  gymRequestId,
  ID_PATTERN,
  ID_SOURCE,
  isId,
  mastrClassDocId,
  membershipDocId,
  membershipDocPrefix,
  mobileClaimId,
  notificationDocId,
  oneTimeTokenDocId,
  parseCheckInId,
  passDocId,
  passDocPrefix,
  passNotificationDocId,
  payeeDocId,
  paymentDocId,
  profileDocId,
  profileDocPrefix,
  profileIdOf,
  rateLimitDocId,
  scheduleDocId,
  sessionDocId,
  SIGNING_KEYS_DOC_ID,
  slotClaimId,
  stripeEventDocId,
  subscriptionDocId,
  subscriptionDocPrefix,
  TENANT_DOC_ID_PREFIXES,
  tenantDocIdRange,
  type TenantDocType,
} from './doc-ids.ts';

const PASS = '0123456789abcdef01234567';
const GYM = 'a'.repeat(24);
const COACH = 'c'.repeat(24);

describe('the id shape', () => {
  it('accepts 24 lowercase hex characters and nothing else', () => {
    expect(isId(PASS)).toBe(true);
    expect(ID_PATTERN.test(PASS)).toBe(true);
    for (const wrong of [
      '0123456789ABCDEF01234567',
      PASS.slice(1),
      `${PASS}0`,
      `${PASS.slice(1)}g`,
      '',
      ` ${PASS.slice(1)}`,
      `${PASS}\n`,
    ]) {
      expect(isId(wrong)).toBe(false);
    }
    expect(isId(undefined)).toBe(false);
    expect(isId(123)).toBe(false);
  });

  it('composes into larger patterns', () => {
    expect(new RegExp(`^(${ID_SOURCE})\\.x$`).exec(`${PASS}.x`)?.[1]).toBe(PASS);
  });
});

describe('check-in ids', () => {
  it('parse back into the pass and the random part they were built from', () => {
    expect(checkInId(PASS, 'r4nd_om-1')).toBe(`checkin:${PASS}:r4nd_om-1`);
    expect(parseCheckInId(checkInId(PASS, 'r4nd_om-1'))).toEqual({ passId: PASS, random: 'r4nd_om-1' });
    expect(parseCheckInId(checkInId(PASS, 'x'.repeat(64)))).toEqual({ passId: PASS, random: 'x'.repeat(64) });
  });

  it('refuse anything a device must not write', () => {
    for (const wrong of [
      `checkin:${PASS}:`, // no random part
      `checkin:${PASS}:${'x'.repeat(65)}`, // too long
      `checkin:${PASS}:a:b`, // a colon in the random part
      `checkin:${PASS}:a b`,
      `checkin:${PASS.toUpperCase()}:r1`, // not an id
      `checkin:${PASS.slice(1)}:r1`,
      `checkin-outcome:checkin:${PASS}:r1`,
      `daypass:${PASS}`,
      ` checkin:${PASS}:r1`,
      '',
    ]) {
      expect(parseCheckInId(wrong)).toBeNull();
    }
  });

  it('name the outcome document after the check-in', () => {
    expect(checkInOutcomeId(checkInId(PASS, 'r1'))).toBe(`checkin-outcome:checkin:${PASS}:r1`);
  });
});

describe('profile ids', () => {
  it('give back the profile id they were built from, whatever the kind', () => {
    expect(profileDocId('gym', GYM)).toBe(`gym:${GYM}`);
    expect(profileDocId('coach', COACH)).toBe(`coach:${COACH}`);
    expect(profileDocId('user', PASS)).toBe(`user:${PASS}`);
    for (const kind of ['gym', 'coach', 'user'] as const) {
      expect(profileIdOf(profileDocId(kind, PASS))).toBe(PASS);
      expect(profileDocId(kind, PASS).startsWith(profileDocPrefix(kind))).toBe(true);
    }
    expect(profileDocId('gym', PASS).startsWith(profileDocPrefix('coach'))).toBe(false);
  });

  it('keep one membership per pair, in a range per gym', () => {
    expect(membershipDocId(GYM, COACH)).toBe(`membership:${GYM}:${COACH}`);
    expect(membershipDocId(GYM, COACH).startsWith(membershipDocPrefix(GYM))).toBe(true);
    expect(membershipDocId(COACH, GYM).startsWith(membershipDocPrefix(GYM))).toBe(false);
    expect(membershipDocId(COACH, GYM).startsWith(membershipDocPrefix())).toBe(true);
  });
});

describe('server-only ids', () => {
  it('accounts and their claims (the email normalised)', () => {
    expect(accountDocId(PASS)).toBe(`account:${PASS}`);
    expect(emailClaimId('gym', '  Sam@Example.COM ')).toBe('email:gym:sam@example.com');
    expect(emailClaimId('user', 'sam@example.com')).not.toBe(emailClaimId('coach', 'sam@example.com'));
    expect(mobileClaimId('coach', '7700900123')).toBe('mobile:coach:7700900123');
    expect(entryCodeClaimId(GYM, 'k7m2q9')).toBe(`entry-code:${GYM}:k7m2q9`);
  });

  it('auth documents', () => {
    expect(sessionDocId(PASS)).toBe(`session:${PASS}`);
    expect(oneTimeTokenDocId('f'.repeat(64))).toBe(`token:${'f'.repeat(64)}`);
    expect(rateLimitDocId('sign-in', 'abc', 42)).toBe('ratelimit:sign-in:abc:42');
  });

  it('payment documents', () => {
    expect(payeeDocId('gym', GYM)).toBe(`payments:gym:${GYM}`);
    expect(connectAccountDocId('acct_1')).toBe('connect-account:acct_1');
    expect(subscriptionDocId(GYM, 'sub_1')).toBe(`subscription:${GYM}:sub_1`);
    expect(subscriptionDocId(GYM, 'sub_1').startsWith(subscriptionDocPrefix(GYM))).toBe(true);
    expect(subscriptionDocId(COACH, 'sub_1').startsWith(subscriptionDocPrefix(GYM))).toBe(false);
    expect(paymentDocId(PASS)).toBe(`payment:${PASS}`);
    expect(stripeEventDocId('evt_1')).toBe('stripe-event:evt_1');
  });
});

describe('tenant document ids', () => {
  it('schedule and availability weeks: the default, or a week of its own', () => {
    expect(scheduleDocId(null)).toBe('schedule:default');
    expect(scheduleDocId('2026-11-16')).toBe('schedule:week:2026-11-16');
    expect(availabilityDocId(null)).toBe('availability:default');
    expect(availabilityDocId('2026-11-15')).toBe('availability:week:2026-11-15');
  });

  it('passes, one range per kind', () => {
    expect(passDocId('day-pass', PASS)).toBe(`daypass:${PASS}`);
    expect(passDocId('mastr-pass', PASS)).toBe(`mastrpass:${PASS}`);
    expect(passDocId('day-pass', PASS).startsWith(passDocPrefix('day-pass'))).toBe(true);
    expect(passDocId('mastr-pass', PASS).startsWith(passDocPrefix('day-pass'))).toBe(false);
    expect(SIGNING_KEYS_DOC_ID).toBe('pass-signing-keys');
  });

  it('private session requests and slot claims', () => {
    expect(coachRequestId(PASS)).toBe(`coach-request:${PASS}`);
    expect(gymRequestId(PASS)).toBe(`gym-request:${PASS}`);
    expect(slotClaimId('2026-11-15', 5, 64800)).toBe('slot-claim:2026-11-15:5:64800');
  });
});

describe('a tenant document type is an id range (decision 200)', () => {
  const inRange = (id: string, type: TenantDocType) => {
    const { $gte, $lt } = tenantDocIdRange(type);
    return id >= $gte && id < $lt;
  };
  const CHECK_IN = checkInId(PASS, 'r1');
  const built: [TenantDocType, string][] = [
    ['schedule-week', scheduleDocId(null)],
    ['schedule-week', scheduleDocId('2026-11-16')],
    ['availability-week', availabilityDocId(null)],
    ['availability-week', availabilityDocId('2026-11-15')],
    ['day-pass', passDocId('day-pass', PASS)],
    ['mastr-pass', passDocId('mastr-pass', PASS)],
    ['mastr-class', mastrClassDocId('2026-11-30T18:00:00')],
    ['check-in', CHECK_IN],
    ['check-in-outcome', checkInOutcomeId(CHECK_IN)],
    ['signing-keys', SIGNING_KEYS_DOC_ID],
    ['coach-request', coachRequestId(PASS)],
    ['notification', notificationDocId(PASS)],
    ['notification', passNotificationDocId('mastr-class-cancelled-by-gym', PASS, '2026-11-30T18:00:00')],
    ['gym-request', gymRequestId(PASS)],
    ['slot-claim', slotClaimId('2026-11-15', 5, 64800)],
    ['booking', bookingDocId(PASS)],
  ];

  it("holds every id its type's builder makes, and none another type's builder makes", () => {
    const types = Object.keys(TENANT_DOC_ID_PREFIXES) as TenantDocType[];
    expect(new Set(built.map(([type]) => type))).toEqual(new Set(types));
    for (const [type, id] of built) {
      for (const other of types) expect([id, other, inRange(id, other)]).toEqual([id, other, other === type]);
    }
  });

  it('never overlaps another type: no prefix starts another', () => {
    const prefixes = Object.values(TENANT_DOC_ID_PREFIXES);
    for (const a of prefixes)
      for (const b of prefixes) if (a !== b) expect([a, b, b.startsWith(a)]).toEqual([a, b, false]);
  });

  it('keeps out ids just beside it (a check-in range holds no outcome)', () => {
    expect(inRange('checkin-outcome:x', 'check-in')).toBe(false);
    expect(inRange('checkin;', 'check-in')).toBe(false);
    expect(inRange('checkin:', 'check-in')).toBe(true);
    expect(inRange(`daypass:${'~'.repeat(300)}`, 'day-pass')).toBe(true);
  });
});
