import { describe, expect, it } from 'vitest';
import { checkInDecisions, recordsDecidedBy, undecidedCheckIns } from './check-in-decisions.ts';

const pass = (...ids: string[]) => ({
  countedCheckIns: ids.map((checkInId, i) => ({ checkInId, at: `2026-12-03T0${i}:00:00.000Z` })),
});

describe('checkInDecisions', () => {
  it('reads a counted check-in from its pass and any other decision from its outcome document', () => {
    const decisions = checkInDecisions(
      [pass('a'), { countedCheckIns: undefined }, null],
      [
        { checkInId: 'b', outcome: 'duplicate', duplicateOf: 'a' },
        { checkInId: 'c', outcome: 'refused', reason: 'This pass has been cancelled.' },
      ],
    );
    expect(Object.fromEntries(decisions)).toEqual({
      a: { outcome: 'counted' },
      b: { outcome: 'duplicate', duplicateOf: 'a' },
      c: { outcome: 'refused', reason: 'This pass has been cancelled.' },
    });
  });

  it('keeps the counted outcome documents written before decision 197', () => {
    expect(checkInDecisions([], [{ checkInId: 'a', outcome: 'counted' }]).get('a')).toEqual({ outcome: 'counted' });
  });

  it('lets the pass win over an outcome document that says otherwise', () => {
    expect(checkInDecisions([pass('a')], [{ checkInId: 'a', outcome: 'refused', reason: 'x' }]).get('a')).toEqual({
      outcome: 'counted',
    });
  });
});

describe('undecidedCheckIns', () => {
  it('keeps the records neither a pass nor an outcome document decides, in either id shape', () => {
    const records = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }];
    expect(undecidedCheckIns(records, [pass('a')], [{ checkInId: 'b', outcome: 'duplicate' }])).toEqual([{ _id: 'c' }]);
    expect(undecidedCheckIns([{ id: 'a' }, { id: 'd' }], [pass('a')], [])).toEqual([{ id: 'd' }]);
  });
});

describe('recordsDecidedBy', () => {
  it("names a pass's counted records, an outcome document's own, and nothing for other documents", () => {
    expect(recordsDecidedBy({ type: 'day-pass', ...pass('a', 'b') })).toEqual(['a', 'b']);
    expect(recordsDecidedBy({ type: 'mastr-pass' })).toEqual([]);
    expect(recordsDecidedBy({ type: 'check-in-outcome', checkInId: 'c', outcome: 'refused' })).toEqual(['c']);
    expect(recordsDecidedBy({ type: 'check-in', countedCheckIns: [{ checkInId: 'x' }] })).toEqual([]);
  });
});
