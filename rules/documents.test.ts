import { describe, expect, expectTypeOf, it } from 'vitest';
import { CHECK_IN_FIELDS, type CheckInDoc } from './documents.ts';

describe('CHECK_IN_FIELDS', () => {
  it('names exactly the fields of a check-in record but its revision, each once', () => {
    expectTypeOf<(typeof CHECK_IN_FIELDS)[number]>().toEqualTypeOf<Exclude<keyof CheckInDoc, '_rev'>>();
    expect(new Set(CHECK_IN_FIELDS).size).toBe(CHECK_IN_FIELDS.length);
  });
});
