import { describe, expect, it } from 'vitest';
import type { CheckInDoc, DayPassDoc } from '@mastr/rules/documents.ts';
import { cancelErrorText, CANCEL_MESSAGES } from './cancel-day-pass.ts';
import { recordCheckIn } from './check-in-actions.ts';
import { passView } from './front-desk-model.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const pass = {
  _id: `daypass:${'a'.repeat(24)}`,
  type: 'day-pass',
  passId: 'a'.repeat(24),
  passType: 'Adult',
  dayDateStart: '2026-11-21T00:00:00',
  clientName: 'Alex',
  memberId: 'm'.repeat(24),
  gymId: 'g'.repeat(24),
  gymName: 'Iron Temple',
  idCode: 'abc234',
  entryToken: '',
  clientEmail: 'alex@example.com',
  expired: false,
  cancelled: false,
  pricePence: 1500,
  checkIns: { all_check_ins: [], latest_check_in: null },
  countedCheckIns: [],
  createdAt: '2026-11-01T00:00:00Z',
} satisfies DayPassDoc;

function fakeStore(fail = false) {
  const written: CheckInDoc[] = [];
  return {
    written,
    store: {
      tenantId: 'g'.repeat(24),
      deviceId: 'tablet-1',
      frontDesk: {
        async recordCheckIn(doc: CheckInDoc) {
          if (fail) throw new Error('disk full');
          written.push(doc);
        },
      },
    },
  };
}

describe('recording a check-in on the device', () => {
  it("writes the record, then says 'Checked In.'", async () => {
    const { store, written } = fakeStore();
    expect(await recordCheckIn(store, passView(pass, [], [], NOW), 'tap', NOW)).toEqual({
      tone: 'success',
      text: 'Checked In.',
    });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      type: 'check-in',
      passId: pass.passId,
      deviceId: 'tablet-1',
      method: 'tap',
      checkedInAt: NOW.toISOString(),
    });
    expect(written[0]._id).toMatch(new RegExp(`^checkin:${pass.passId}:[a-f0-9]{16}$`));
  });

  it('writes nothing inside the 60 minutes', async () => {
    const { store, written } = fakeStore();
    const recent = { ...pass, checkIns: { all_check_ins: [], latest_check_in: '2026-11-21T09:30:00.000Z' } };
    expect(await recordCheckIn(store, passView(recent, [], [], NOW), 'code', NOW)).toMatchObject({ tone: 'error' });
    expect(written).toHaveLength(0);
  });

  it("says 'Check In Failed' when the device could not store it", async () => {
    const { store } = fakeStore(true);
    expect(await recordCheckIn(store, passView(pass, [], [], NOW), 'tap', NOW)).toEqual({
      tone: 'error',
      text: 'Check In Failed',
    });
  });
});

describe('cancelling an upcoming day pass (§8)', () => {
  it('maps the answers to the catalogue texts, and no answer to offline', () => {
    expect(cancelErrorText(400)).toBe("Missing ID's");
    expect(cancelErrorText(401)).toBe('Unauthorized');
    expect(cancelErrorText(500)).toBe('Cancel Booking Failed');
    expect(cancelErrorText(0)).toBe(CANCEL_MESSAGES.offline);
  });
});
