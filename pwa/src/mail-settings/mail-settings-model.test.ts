import { describe, expect, it } from 'vitest';
import {
  calendarStatusText,
  choiceSavedText,
  mailChoiceRows,
  unsubscribeCategoryOf,
  unsubscribeText,
  withChoice,
} from './mail-settings-model.ts';

const settings = { preferences: { requests: true, reminders: false }, calendarFeedCreatedAt: null };

describe('the Emails panel', () => {
  it('shows receipts and account mail on and locked, and the two choices as stored', () => {
    const rows = mailChoiceRows(settings);
    expect(rows.map((r) => [r.category, r.on, r.locked])).toEqual([
      ['account', true, true],
      ['receipts', true, true],
      ['requests', true, false],
      ['reminders', false, false],
    ]);
    expect(rows[1].label).toBe('Receipts and booking changes');
    expect(rows[1].hint).toContain('Always sent');
  });

  it('a moved switch changes that category only, and says so', () => {
    expect(withChoice(settings, 'reminders', true).preferences).toEqual({ requests: true, reminders: true });
    expect(settings.preferences.reminders).toBe(false);
    expect(choiceSavedText('requests', false)).toBe('Request alerts turned off.');
    expect(choiceSavedText('reminders', true)).toBe('Reminders turned on.');
  });
});

describe('the unsubscribe page', () => {
  it('reads the category a link names, and nothing from a link no mail carried', () => {
    expect(unsubscribeCategoryOf('abc123.reminders.c2lnbmF0dXJl')).toBe('reminders');
    expect(unsubscribeCategoryOf('abc123.requests.c2ln')).toBe('requests');
    expect(unsubscribeCategoryOf('abc123.receipts.c2ln')).toBeNull();
    expect(unsubscribeCategoryOf('abc123.reminders')).toBeNull();
    expect(unsubscribeCategoryOf('nonsense')).toBeNull();
    expect(unsubscribeCategoryOf('.reminders.c2ln')).toBeNull();
  });

  it('says which emails stop and that receipts go on', () => {
    const text = unsubscribeText('reminders');
    expect(text.title).toBe('Stop reminders?');
    expect(text.stops).toContain('the evening before a session or pass day');
    expect(text.stays).toContain('Receipts');
  });
});

describe('the Calendar panel', () => {
  it('says when the link was made, on the UK date, or that there is none', () => {
    expect(calendarStatusText(null)).toBe('You have no calendar link yet.');
    // 00:30 UK on 1 July is still 30 June in UTC.
    expect(calendarStatusText('2026-06-30T23:30:00.000Z')).toContain('made on 1st July 2026');
    expect(calendarStatusText('2026-06-30T23:30:00.000Z')).toContain('or turn it off.');
  });
});
