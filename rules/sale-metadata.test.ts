import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_PASS_TYPES } from './constants.ts';
import { decodeSale, encodeSale, type Sale, type SaleCharge } from './sale-metadata.ts';

const GYM = 'a'.repeat(24);
const MEMBER = 'b'.repeat(24);
const COACH = 'c'.repeat(24);
const REQUEST = 'd'.repeat(24);
const charge: SaleCharge = { applicationFeePence: 150, destination: 'acct_gym' };

const dayPass: Sale = { kind: 'day-pass', passType: 'Adult', gymId: GYM, memberId: MEMBER, date: '2026-11-21' };
const mastrPass: Sale = {
  kind: 'mastr-pass',
  gymId: GYM,
  memberId: MEMBER,
  mastrClassId: 'mastr-class:2026-11-26T18:00:00',
  classDateAndTime: '2026-11-26T18:00:00',
};
const ptSession: Sale = {
  kind: 'pt-session',
  source: 'gym-request',
  requestId: REQUEST,
  gymId: GYM,
  memberId: MEMBER,
  coachId: COACH,
  startTime: '2026-11-27T09:00:00',
  gymSharePence: 500,
  gymDestination: 'acct_space',
};

// ---- arbitraries: every sale the checkout can make ----------------------------------------------------

const id = fc.stringMatching(/^[a-f0-9]{24}$/);
const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
const penceAmount = fc.integer({ min: 0, max: 2_000_000 });
const account = fc.stringMatching(/^acct_[A-Za-z0-9]{1,24}$/);

const saleArb: fc.Arbitrary<Sale> = fc.oneof(
  fc.record({
    kind: fc.constant('day-pass' as const),
    passType: fc.constantFrom(...DAY_PASS_TYPES),
    gymId: id,
    memberId: id,
    date: day,
  }),
  fc
    .record({ gymId: id, memberId: id, day, hour: two(23), minute: two(59) })
    .map(({ gymId, memberId, day: d, hour, minute }) => ({
      kind: 'mastr-pass' as const,
      gymId,
      memberId,
      mastrClassId: `mastr-class:${d}T${hour}:${minute}:00`,
      classDateAndTime: `${d}T${hour}:${minute}:00`,
    })),
  fc
    .record({
      source: fc.constantFrom('coach-request' as const, 'gym-request' as const),
      requestId: id,
      gymId: id,
      memberId: id,
      coachId: id,
      day,
      hour: two(23),
      gymSharePence: penceAmount,
      gymDestination: account,
    })
    .map(({ day: d, hour, ...rest }) => ({ kind: 'pt-session' as const, ...rest, startTime: `${d}T${hour}:00:00` })),
);
const chargeArb: fc.Arbitrary<SaleCharge> = fc.record({ applicationFeePence: penceAmount, destination: account });

describe('encodeSale / decodeSale', () => {
  it('gives back every sale and charge it wrote, in strings only', () => {
    fc.assert(
      fc.property(saleArb, chargeArb, (sale, paid) => {
        const metadata = encodeSale(sale, paid);
        expect(Object.values(metadata).every((v) => typeof v === 'string')).toBe(true);
        expect(decodeSale(metadata)).toEqual({ sale, charge: paid });
      }),
      { seed: 25, numRuns: 500 },
    );
  });

  it('writes the fields the checkout has always written, so sessions already open still decode', () => {
    expect(encodeSale(dayPass, charge)).toEqual({
      kind: 'day-pass',
      passType: 'Adult',
      gymId: GYM,
      memberId: MEMBER,
      date: '2026-11-21',
      applicationFeePence: '150',
      destination: 'acct_gym',
    });
    expect(encodeSale(ptSession, charge)).toMatchObject({ gymSharePence: '500', gymDestination: 'acct_space' });
  });

  it('reads a session Mastr did not create as no sale', () => {
    expect(decodeSale(undefined)).toBeNull();
    expect(decodeSale(null)).toBeNull();
    expect(decodeSale({})).toBeNull();
    expect(decodeSale({ gymId: GYM })).toBeNull();
    expect(decodeSale({ ...encodeSale(dayPass, charge), kind: 'basic-plan' })).toBeNull();
  });

  it('reads a sale with any one field removed as no sale, never half a sale', () => {
    for (const sale of [dayPass, mastrPass, ptSession]) {
      const metadata = encodeSale(sale, charge);
      for (const key of Object.keys(metadata)) {
        const { [key]: _removed, ...rest } = metadata;
        expect(decodeSale(rest), `${sale.kind} without ${key}`).toBeNull();
      }
    }
  });

  it('reads any one field made empty or garbled as no sale', () => {
    const garbled: Record<string, string[]> = {
      kind: ['', 'Day-Pass', 'pt'],
      passType: ['', 'adult', 'Senior'],
      gymId: ['', 'A'.repeat(24), 'a'.repeat(23), `${GYM} `],
      memberId: ['', '../x', 'b'.repeat(25)],
      date: ['', '2026-02-30', '2026-11-21T00:00:00', '21/11/2026'],
      mastrClassId: [''],
      classDateAndTime: ['', '2026-11-26', '2026-11-26T18:00', '2026-11-26T24:00:00', '2026-13-01T18:00:00'],
      source: ['', 'member-request'],
      requestId: ['', 'not-an-id'],
      coachId: [''],
      startTime: ['', '2026-11-27T09:30:00', '2026-11-27T09:00:00Z', '2026-02-30T09:00:00'],
      gymSharePence: ['', '-1', '1.5', '1e3', '0x10', ' 5', '05', 'NaN', '99999999999'],
      gymDestination: [''],
      applicationFeePence: ['', '-150', '150.0', 'Infinity'],
      destination: [''],
    };
    for (const sale of [dayPass, mastrPass, ptSession]) {
      const metadata = encodeSale(sale, charge);
      for (const key of Object.keys(metadata)) {
        for (const value of garbled[key] ?? []) {
          expect(decodeSale({ ...metadata, [key]: value }), `${sale.kind} with ${key}=${value}`).toBeNull();
        }
      }
    }
  });

  it('ignores keys it does not know, and reads only the kind it names', () => {
    const metadata = { ...encodeSale(mastrPass, charge), passType: 'Adult', extra: 'x' };
    expect(decodeSale(metadata)).toEqual({ sale: mastrPass, charge });
  });
});
