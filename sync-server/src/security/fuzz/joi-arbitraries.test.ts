import fc from 'fast-check';
import Joi from 'joi';
import { describe, expect, it } from 'vitest';
import { calendarDate, id, nestedId } from '../../schemas/bounds.ts';
import {
  deeplyNested,
  fuzzArbitrary,
  hugeString,
  validArbitrary,
  type ArbitraryOptions,
  type JoiDescription,
} from './joi-arbitraries.ts';

const OPTIONS: ArbitraryOptions = { today: '2026-11-18' };
const describeOf = (schema: Joi.Schema) => schema.describe() as JoiDescription;
const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = 300) => fc.sample(arbitrary, { numRuns, seed: 42 });

/** A body shaped like the routes' (ids, an enum, a bounded integer, a date, a nested object, an optional text). */
const BODY = Joi.object({
  gym_id: id().required(),
  level: Joi.string().valid('Beginner', 'Intermediate', 'Advanced').required(),
  weekday: Joi.number().integer().min(0).max(6).required(),
  day: calendarDate().required(),
  slot: Joi.object({ _id: nestedId().required(), booked: Joi.boolean().required() }).required(),
  note: Joi.string().max(20),
});

describe('validArbitrary', () => {
  it('makes values the schema accepts, for ids, enums, integers, dates and nested objects', () => {
    const values = sample(validArbitrary(describeOf(BODY), OPTIONS));
    for (const value of values) expect(BODY.validate(value).error, JSON.stringify(value)).toBeUndefined();
  });

  it('draws dates around today, in each form clients send', () => {
    const dates = sample(validArbitrary(describeOf(calendarDate()), OPTIONS)) as string[];
    expect(dates.some((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))).toBe(true);
    expect(dates.some((date) => date.endsWith('Z'))).toBe(true);
    expect(dates.some((date) => date.endsWith('+01:00'))).toBe(true);
    const keys = dates.map((date) => calendarDate().validate(date).value as string);
    expect(keys.every((key) => key >= '2026-11-07' && key <= '2026-12-29')).toBe(true);
  });

  it('prefers strings of the world under test that match the field pattern', () => {
    const known = 'abcdefabcdefabcdefabcdef';
    const ids = sample(validArbitrary(describeOf(id()), { ...OPTIONS, knownStrings: [known, 'not-an-id'] }));
    expect(ids.filter((value) => value === known).length).toBeGreaterThan(ids.length / 2);
    expect(ids).not.toContain('not-an-id');
  });

  it('generates from a pattern with lookaheads by what is left of it', () => {
    const pwd = Joi.string().pattern(/^(?=.*\d)[a-z\d]{8,12}$/);
    for (const value of sample(validArbitrary(describeOf(pwd), OPTIONS)) as string[])
      expect(value).toMatch(/^[a-z\d]{8,12}$/);
  });
});

describe('fuzzArbitrary', () => {
  const values = sample(fuzzArbitrary(describeOf(BODY), OPTIONS), 2_000);
  const refused = values.filter((value) => BODY.validate(value).error);

  it('breaks most values but leaves some valid, so requests reach the services too', () => {
    expect(refused.length).toBeGreaterThan(values.length / 2);
    expect(values.length - refused.length).toBeGreaterThan(values.length / 20);
  });

  it('drops required fields, adds own prototype keys and puts wrong types in fields', () => {
    const objects = values.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null);
    expect(objects.some((o) => !Object.hasOwn(o, 'gym_id'))).toBe(true);
    expect(objects.some((o) => Object.hasOwn(o, '__proto__'))).toBe(true);
    expect(objects.some((o) => typeof o.weekday === 'string' || o.weekday === null)).toBe(true);
    // Own keys only: no prototype was changed while making them.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('reaches into nested objects', () => {
    const slots = values.flatMap((v) => (typeof v === 'object' && v !== null ? [(v as { slot?: unknown }).slot] : []));
    expect(slots.some((slot) => Joi.object({ _id: nestedId(), booked: Joi.boolean() }).validate(slot).error)).toBe(
      true,
    );
  });
});

describe('hostile building blocks', () => {
  it('nests thousands deep', () => {
    const depthOf = (value: unknown): number => {
      let depth = 0;
      for (let v = value; typeof v === 'object' && v !== null; depth++)
        v = Array.isArray(v) ? v[0] : (v as { a: unknown }).a;
      return depth;
    };
    const depths = sample(deeplyNested(), 50).map(depthOf);
    expect(Math.max(...depths)).toBeGreaterThan(1_000);
    expect(Math.min(...depths)).toBeGreaterThanOrEqual(20);
  });

  it('makes strings of 10,000 characters and more', () => {
    expect(sample(hugeString(), 20).every((s) => s.length >= 10_000)).toBe(true);
  });
});
