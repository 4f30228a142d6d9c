import { describe, expect, it } from 'vitest';
import { INTENT_LIFETIME_MS, intentFor, serializeIntent, type BookingIntent } from './booking-intent.ts';

const PATH = '/gyms/5eed00000000000000000a01';
const NOW = 1_800_000_000_000;
const dayPass: BookingIntent = { dialog: 'day-pass', date: '2026-11-28', kids: true };

describe('the booking kept across sign-in', () => {
  it('comes back on the same gym page, fresh, with its choices', () => {
    expect(intentFor(serializeIntent(PATH, dayPass, NOW), PATH, NOW + 60_000)).toEqual(dayPass);
    const cls: BookingIntent = {
      dialog: 'class',
      date: '2026-11-27',
      classId: 'c1',
      kids: false,
      weekKind: 'nextWeek',
    };
    expect(intentFor(serializeIntent(PATH, cls, NOW), PATH, NOW)).toEqual(cls);
    expect(intentFor(serializeIntent(PATH, { dialog: 'pt-request' }, NOW), PATH, NOW)).toEqual({
      dialog: 'pt-request',
    });
  });

  it('is ignored on another page, once stale, or when malformed', () => {
    const raw = serializeIntent(PATH, dayPass, NOW);
    expect(intentFor(raw, '/gyms/other', NOW)).toBeNull();
    expect(intentFor(raw, PATH, NOW + INTENT_LIFETIME_MS + 1)).toBeNull();
    expect(intentFor(null, PATH, NOW)).toBeNull();
    expect(intentFor('{not json', PATH, NOW)).toBeNull();
    expect(
      intentFor(
        JSON.stringify({ path: PATH, savedAt: NOW, intent: { dialog: 'day-pass', date: 'x', kids: 1 } }),
        PATH,
        NOW,
      ),
    ).toBeNull();
    expect(intentFor(JSON.stringify({ path: PATH, savedAt: NOW, intent: { dialog: 'refund' } }), PATH, NOW)).toBeNull();
  });
});
