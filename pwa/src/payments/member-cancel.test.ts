import { describe, expect, it } from 'vitest';
import { MASTR_CLASS_STARTED } from '@mastr/rules/texts.ts';
import { mastrPassCancellation, memberCancellation, SALES_FINAL_MESSAGE } from '@mastr/rules/refunds.ts';
import { cancelledText, cancelPrompt, mastrCancelledText, mastrCancelPrompt } from './member-cancel.ts';

const PASS = { passType: 'Adult', gymName: 'Iron Temple', date: 'Saturday 21st November 2026' };
const DAY = '2026-11-21';
// UK winter: UK time is UTC.
const DAY_BEFORE = new Date('2026-11-20T23:59:00Z');
const ON_THE_DAY = new Date('2026-11-21T18:00:00Z');
const AFTER_CUTOFF = new Date('2026-11-21T23:00:00Z');

describe("the member's day-pass cancel dialog", () => {
  it('promises a full refund up to the day before', () => {
    const prompt = cancelPrompt(PASS, memberCancellation(DAY, DAY_BEFORE));
    expect(prompt).toEqual({
      question: 'Cancel your Adult Day Pass at Iron Temple on Saturday 21st November 2026?',
      outcome: 'You will get a full refund to your card.',
      canCancel: true,
    });
    expect(cancelledText(undefined, memberCancellation(DAY, DAY_BEFORE))).toBe(
      'Day pass cancelled. A full refund is on its way to your card.',
    );
  });

  it('says there is no automatic refund on the day', () => {
    const prompt = cancelPrompt(PASS, memberCancellation(DAY, ON_THE_DAY));
    expect(prompt.canCancel).toBe(true);
    expect(prompt.outcome).toMatch(/no automatic refund/);
    expect(cancelledText('', memberCancellation(DAY, ON_THE_DAY))).toBe(
      'Day pass cancelled. No automatic refund is made on the day of the session.',
    );
  });

  it("tells the outcome in the server's words when it gives them", () => {
    expect(cancelledText('Day Pass Cancelled.', memberCancellation(DAY, DAY_BEFORE))).toBe('Day Pass Cancelled.');
  });

  it('refuses from 23:00 on the day, with the words of the terms', () => {
    const prompt = cancelPrompt(PASS, memberCancellation(DAY, AFTER_CUTOFF));
    expect(prompt.canCancel).toBe(false);
    expect(prompt.outcome).toBe('Sales are final after 23:00 on the day of the session.');
    expect(prompt.outcome).toBe(SALES_FINAL_MESSAGE);
  });
});

describe("the member's Mastr pass cancel dialog (decision 70)", () => {
  const BOOKED = { gymName: 'Iron Temple', booked: { date: 'Saturday 21st November 2026', time: '10:00' } };
  const CLASS = '2026-11-21T10:00:00';
  it('names the class and promises the £1 back up to the day before, and an unassigned pass at any time', () => {
    expect(mastrCancelPrompt(BOOKED, mastrPassCancellation(CLASS, DAY_BEFORE))).toEqual({
      question: 'Cancel your Mastr Class Pass at Iron Temple for Saturday 21st November 2026 at 10:00?',
      outcome: 'You will get your £1 back in full to your card.',
      canCancel: true,
    });
    const unassigned = mastrCancelPrompt(
      { gymName: 'Iron Temple', booked: null },
      mastrPassCancellation(null, AFTER_CUTOFF),
    );
    expect(unassigned).toMatchObject({ canCancel: true, outcome: 'You will get your £1 back in full to your card.' });
    expect(unassigned.question).toBe('Cancel your Mastr Class Pass at Iron Temple? It is not booked into a class yet.');
  });
  it('has no automatic refund on the class day, and offers no cancel once the class has started', () => {
    const sameDay = mastrCancelPrompt(BOOKED, mastrPassCancellation(CLASS, new Date('2026-11-21T09:00:00Z')));
    expect(sameDay.canCancel).toBe(true);
    expect(sameDay.outcome).toMatch(/no automatic refund/);
    expect(mastrCancelledText(undefined, mastrPassCancellation(CLASS, new Date('2026-11-21T09:00:00Z')))).toBe(
      'Mastr pass cancelled. No automatic refund is made on the day of the class.',
    );
    const started = mastrCancelPrompt(BOOKED, mastrPassCancellation(CLASS, ON_THE_DAY));
    expect(started).toMatchObject({ canCancel: false, outcome: MASTR_CLASS_STARTED });
    expect(mastrCancelledText(' Mastr Pass Cancelled. ', mastrPassCancellation(CLASS, DAY_BEFORE))).toBe(
      'Mastr Pass Cancelled.',
    );
  });
});
