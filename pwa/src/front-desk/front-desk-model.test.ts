import { describe, expect, it } from 'vitest';
import { checkInOutcomeId } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import {
  CODE_ERRORS,
  checkInBlocker,
  findTodayPassByCode,
  frontDeskLists,
  frontDeskWindow,
  joinOutcomes,
  newCheckIn,
  passView,
  type CheckInRecord,
} from './front-desk-model.ts';

// 10:00 UK time on a winter day (GMT), so instants and wall clocks agree.
const NOW = new Date('2026-11-21T10:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();

function dayPass(over: Partial<DayPassDoc> = {}): DayPassDoc {
  const passId = over.passId ?? 'a'.repeat(24);
  return {
    _id: `daypass:${passId}`,
    type: 'day-pass',
    passId,
    passType: 'Adult',
    dayDateStart: '2026-11-21T00:00:00',
    clientName: 'Alex',
    memberId: 'm'.repeat(24),
    gymId: 'g'.repeat(24),
    gymName: 'Iron Temple',
    idCode: 'abc234',
    entryToken: 'v1.x.y',
    clientEmail: 'alex@example.com',
    expired: false,
    cancelled: false,
    pricePence: 1500,
    checkIns: { all_check_ins: [], latest_check_in: null },
    countedCheckIns: [],
    createdAt: '2026-11-01T00:00:00Z',
    ...over,
  };
}

function mastrPass(over: Partial<MastrPassDoc> = {}): MastrPassDoc {
  const passId = over.passId ?? 'b'.repeat(24);
  return {
    _id: `mastrpass:${passId}`,
    type: 'mastr-pass',
    passId,
    clientName: 'Sam',
    memberId: 'n'.repeat(24),
    gymId: 'g'.repeat(24),
    gymName: 'Iron Temple',
    dateAndTimeStart: '2026-11-21T18:00:00',
    idCode: 'xyz789',
    entryToken: 'v1.x.y',
    clientEmail: 'sam@example.com',
    expired: false,
    pricePence: 100,
    checkedIn: { checkedInState: false, check_in_time: null },
    countedCheckIns: [],
    createdAt: '2026-11-01T00:00:00Z',
    ...over,
  };
}

function checkIn(passId: string, at: string, over: Partial<CheckInDoc> = {}): CheckInDoc {
  return {
    _id: `checkin:${passId}:${at}`,
    type: 'check-in',
    passId,
    passKind: 'day-pass',
    gymId: 'g'.repeat(24),
    checkedInAt: at,
    method: 'tap',
    deviceId: 'd1',
    ...over,
  };
}

type Decision = Pick<CheckInOutcomeDoc, 'outcome' | 'duplicateOf' | 'reason'>;

/** The server's outcome document for a check-in. */
function outcomeOf(record: CheckInDoc, decision: Decision): CheckInOutcomeDoc {
  return {
    _id: checkInOutcomeId(record._id),
    type: 'check-in-outcome',
    checkInId: record._id,
    passId: record.passId,
    gymId: record.gymId,
    checkedInAt: record.checkedInAt,
    resolvedAt: NOW.toISOString(),
    ...decision,
  };
}

/** A check-in as the model sees it: decided when a decision is given, pending otherwise. */
function record(passId: string, at: string, decision?: Decision, over: Partial<CheckInDoc> = {}): CheckInRecord {
  const doc = checkIn(passId, at, over);
  return { checkIn: doc, outcome: decision ? outcomeOf(doc, decision) : null };
}

describe('pass views', () => {
  it('shows the entry code upper-case and offers Check In to a pass never checked in', () => {
    expect(passView(dayPass(), [], [], NOW)).toMatchObject({
      entryCode: 'ABC234',
      clientName: 'Alex',
      passType: 'Adult',
      day: 'today',
      canCheckIn: true,
      checkedInAt: null,
    });
  });

  it('a check-in recorded here and not yet decided counts for the control at once', () => {
    const view = passView(dayPass(), [record('a'.repeat(24), minutes(-1))], [], NOW);
    expect(view).toMatchObject({ canCheckIn: false, checkedInAt: minutes(-1), checkInPending: true });
  });

  it('the 60-minute rule: a tick until exactly 60 minutes after the latest counted check-in', () => {
    const pass = dayPass({ checkIns: { all_check_ins: [minutes(-60)], latest_check_in: minutes(-60) } });
    expect(passView(pass, [], [], new Date(NOW.getTime() - 1)).canCheckIn).toBe(false);
    expect(passView(pass, [], [], NOW).canCheckIn).toBe(true);
  });

  it('a refused check-in does not count, and says why while it is the latest', () => {
    const id = 'a'.repeat(24);
    const refused = outcomeOf(checkIn(id, minutes(-5)), { outcome: 'refused', reason: 'This pass is cancelled.' });
    expect(passView(dayPass(), [], [refused], NOW)).toMatchObject({
      canCheckIn: true,
      checkedInAt: null,
      note: 'Not checked in — This pass is cancelled.',
    });
    // Checked in (and counted) after it: the refusal is old news.
    const later = checkIn(id, minutes(-1));
    const pass = dayPass({ countedCheckIns: [{ checkInId: later._id, at: later.checkedInAt }] });
    expect(passView(pass, [], [refused], NOW)).toMatchObject({ checkedInAt: later.checkedInAt, note: null });
    // Tapped here after it and still waiting: the same.
    expect(passView(dayPass(), [record(id, minutes(-1))], [refused], NOW)).toMatchObject({
      checkInPending: true,
      note: null,
    });
  });

  it('orders a refusal written before decision 198 (no record time) by when it was decided', () => {
    const id = 'a'.repeat(24);
    const { checkedInAt: _dropped, ...old } = outcomeOf(checkIn(id, minutes(-30)), {
      outcome: 'refused',
      reason: 'This pass has expired.',
    });
    const counted = checkIn(id, minutes(-20));
    const pass = dayPass({ countedCheckIns: [{ checkInId: counted._id, at: counted.checkedInAt }] });
    // Decided at NOW, after the counted check-in at -20 minutes.
    expect(passView(pass, [], [old], NOW).note).toBe('Not checked in — This pass has expired.');
    expect(passView(pass, [], [{ ...old, resolvedAt: minutes(-25) }], NOW).note).toBeNull();
  });

  it('marks a duplicate of the counted check-in the same way on every device, from the pass and the outcome document alone', () => {
    const id = 'a'.repeat(24);
    const counted = checkIn(id, '2026-11-21T09:02:00.000Z');
    const duplicate = outcomeOf(checkIn(id, '2026-11-21T09:01:00.000Z', { deviceId: 'd2' }), {
      outcome: 'duplicate',
      duplicateOf: counted._id,
    });
    const pass = dayPass({
      countedCheckIns: [{ checkInId: counted._id, at: counted.checkedInAt }],
      checkIns: { all_check_ins: [counted.checkedInAt], latest_check_in: counted.checkedInAt },
    });
    const elsewhere = passView(pass, [], [duplicate], NOW);
    expect(elsewhere).toMatchObject({
      canCheckIn: false,
      checkInPending: false,
      checkedInAt: counted.checkedInAt,
      note: 'Duplicate — already checked in at 09:02',
    });
    // The device that tapped the counted one, its decision arrived and the record not yet forgotten.
    expect(passView(pass, [{ checkIn: counted, outcome: { outcome: 'counted' } }], [duplicate], NOW)).toEqual(
      elsewhere,
    );
  });

  it('a Mastr class pass goes from not checked in to checked in, once', () => {
    expect(passView(mastrPass(), [], [], NOW)).toMatchObject({ passType: 'Mastr Class', canCheckIn: true });
    const done = mastrPass({ checkedIn: { checkedInState: true, check_in_time: minutes(-120) } });
    expect(passView(done, [], [], NOW)).toMatchObject({ canCheckIn: false, checkedInAt: minutes(-120) });
  });
});

describe('front desk lists and tiles', () => {
  const passes = [
    dayPass({ passId: '1'.repeat(24) }),
    dayPass({ passId: '2'.repeat(24), expired: true }),
    dayPass({ passId: '3'.repeat(24), dayDateStart: '2026-11-22T00:00:00' }),
    dayPass({ passId: '4'.repeat(24), dayDateStart: '2026-11-23T00:00:00', cancelled: true }),
    dayPass({ passId: '5'.repeat(24), dayDateStart: '2026-11-20T00:00:00' }),
    mastrPass(),
    mastrPass({ passId: '6'.repeat(24), dateAndTimeStart: null }),
  ];

  it("splits today's (not expired) from upcoming (after today), leaving past, cancelled and unassigned passes out", () => {
    const lists = frontDeskLists(passes, [], [], NOW);
    expect(lists.today.map((v) => v.passId)).toEqual(['1'.repeat(24)]);
    expect(lists.upcoming.map((v) => v.passId)).toEqual(['3'.repeat(24)]);
    expect(lists.mastrToday.map((v) => v.passId)).toEqual(['b'.repeat(24)]);
  });

  it('joins each check-in with its decision: counted on its pass, any other in its outcome document; one with neither is pending', () => {
    const passId = '1'.repeat(24);
    const [counted, duplicate, pending] = [
      checkIn(passId, minutes(-9)),
      checkIn(passId, minutes(-3)),
      checkIn(passId, minutes(-1)),
    ];
    const pass = dayPass({ passId, countedCheckIns: [{ checkInId: counted._id, at: counted.checkedInAt }] });
    const outcome = outcomeOf(duplicate, { outcome: 'duplicate', duplicateOf: counted._id });
    expect(joinOutcomes([counted, duplicate, pending], [pass], [outcome])).toEqual([
      { checkIn: counted, outcome: { outcome: 'counted' } },
      { checkIn: duplicate, outcome: { outcome: 'duplicate', duplicateOf: counted._id } },
      { checkIn: pending, outcome: null },
    ]);
  });

  it('shows a check-in counted on its pass as counted, not waiting, with no outcome document', () => {
    const passId = '1'.repeat(24);
    const record = checkIn(passId, minutes(-5), { _id: `checkin:${passId}:r9` });
    const pass = dayPass({ passId, countedCheckIns: [{ checkInId: record._id, at: record.checkedInAt }] });
    expect(frontDeskLists([pass], [record], [], NOW).today[0]).toMatchObject({
      checkedInAt: record.checkedInAt,
      checkInPending: false,
    });
    expect(frontDeskLists([dayPass({ passId })], [record], [], NOW).today[0]).toMatchObject({ checkInPending: true });
  });

  it("shows a check-in still in this device's journal at once, pending until its decision arrives", () => {
    const pass = dayPass({ passId: '1'.repeat(24) });
    const tapped = checkIn(pass.passId, minutes(-0.1));
    expect(frontDeskLists([pass], [tapped], [], NOW).today[0]).toMatchObject({
      canCheckIn: false,
      checkInPending: true,
      checkedInAt: tapped.checkedInAt,
    });
    // Counted: on its pass, whether or not the journal has forgotten it yet.
    const counted = { ...pass, countedCheckIns: [{ checkInId: tapped._id, at: tapped.checkedInAt }] };
    for (const journalled of [[tapped], []])
      expect(frontDeskLists([counted], journalled, [], NOW).today[0]).toMatchObject({
        canCheckIn: false,
        checkInPending: false,
        checkedInAt: tapped.checkedInAt,
      });
    // Refused: its outcome document says why, whether or not the journal has forgotten it yet.
    const refused = outcomeOf(tapped, { outcome: 'refused', reason: 'This pass is cancelled.' });
    for (const journalled of [[tapped], []])
      expect(frontDeskLists([pass], journalled, [refused], NOW).today[0]).toMatchObject({
        canCheckIn: true,
        checkInPending: false,
        note: 'Not checked in — This pass is cancelled.',
      });
  });

  it('gives each pass only its own check-ins and outcomes', () => {
    const [first, second] = ['1'.repeat(24), '7'.repeat(24)];
    const [counted, pending, refused] = [
      checkIn(first, minutes(-90)),
      checkIn(second, minutes(-2)),
      checkIn(first, minutes(-5)),
    ];
    const lists = frontDeskLists(
      [
        dayPass({ passId: first, countedCheckIns: [{ checkInId: counted._id, at: counted.checkedInAt }] }),
        dayPass({ passId: second, idCode: 'def567' }),
      ],
      [pending],
      [outcomeOf(refused, { outcome: 'refused', reason: 'This pass is cancelled.' })],
      NOW,
    );
    expect(lists.today.find((v) => v.passId === first)).toMatchObject({
      canCheckIn: true,
      checkedInAt: minutes(-90),
      checkInPending: false,
      note: 'Not checked in — This pass is cancelled.',
    });
    expect(lists.today.find((v) => v.passId === second)).toMatchObject({
      canCheckIn: false,
      checkedInAt: minutes(-2),
      checkInPending: true,
      note: null,
    });
  });

  it("reads passes from today's UK date on and check-ins from the start of today's UK day", () => {
    expect(frontDeskWindow(NOW)).toEqual({ fromDate: '2026-11-21', since: '2026-11-21T00:00:00.000Z' });
    // 00:30 on 2 July in London (BST) is still 1 July in UTC.
    expect(frontDeskWindow(new Date('2026-07-01T23:30:00Z'))).toEqual({
      fromDate: '2026-07-02',
      since: '2026-07-01T23:00:00.000Z',
    });
  });

  it("finds today's pass by a typed entry code in any case, and says why others are not found", () => {
    const lists = frontDeskLists(
      [
        dayPass({ idCode: 'abc234' }),
        dayPass({ passId: '3'.repeat(24), idCode: 'def567', dayDateStart: '2026-11-22T00:00:00' }),
      ],
      [],
      [],
      NOW,
    );
    expect(findTodayPassByCode(lists, ' abc 234 ')).toMatchObject({ found: { entryCode: 'ABC234' } });
    expect(findTodayPassByCode(lists, 'DEF567')).toEqual({ error: 'This pass is not for today.' });
    expect(findTodayPassByCode(lists, 'ZZZ999')).toEqual({ error: CODE_ERRORS.unknown });
    expect(findTodayPassByCode(lists, 'AB1')).toEqual({ error: CODE_ERRORS.shape });
  });

  it('says the front desk is still opening, not that no pass has the code, before the local copy has answered', () => {
    expect(findTodayPassByCode(null, 'ABC234')).toEqual({ error: CODE_ERRORS.opening });
  });
});

describe('recording a check-in', () => {
  it('is refused while the tick shows, with the time', () => {
    const view = passView(
      dayPass({ checkIns: { all_check_ins: [], latest_check_in: '2026-11-21T09:30:00.000Z' } }),
      [],
      [],
      NOW,
    );
    expect(checkInBlocker(view)).toBe(
      'Already checked in at 09:30. A day pass can be checked in again 60 minutes after its latest check-in.',
    );
  });

  it('writes an append-only record with a fresh id', () => {
    const view = passView(dayPass(), [], [], NOW);
    expect(
      newCheckIn(view, { gymId: 'g'.repeat(24), deviceId: 'tablet', method: 'code', now: NOW, random: 'r1' }),
    ).toEqual({
      _id: `checkin:${'a'.repeat(24)}:r1`,
      type: 'check-in',
      passId: 'a'.repeat(24),
      passKind: 'day-pass',
      gymId: 'g'.repeat(24),
      checkedInAt: NOW.toISOString(),
      method: 'code',
      deviceId: 'tablet',
    });
  });
});
