/**
 * The gym's recent activity on its device, for its analytics (pwa/src/gym-analytics): day passes sold,
 * the passes of the window's days (a counted check-in is listed on its pass) and the check-ins this
 * device recorded that still wait in its journal. Read from the local copy, so the figures show
 * offline; the analytics model decides what counts. The device holds no check-in records of the
 * server's (decision 198): a counted one is on its pass, and one that did not count is not shown.
 */
import type { RxCollection } from 'rxdb';
import { combineLatest, map, type Observable } from 'rxjs';
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { PassDoc } from '@mastr/rules/doc-ids.ts';
import type { CheckInDoc, CheckInOutcomeDoc, DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import type { CheckInDelivery } from './check-in-delivery.ts';
import { journalledSince } from './front-desk-data.ts';
import { watchDocs, type Where } from './local-queries.ts';
import type { LocalDoc } from './tenant-docs.ts';

export interface GymActivityWindow {
  /** ISO instant (Z): passes sold and check-ins made from then on. */
  since: string;
}

export interface GymActivityDocs {
  /** Day passes sold (`createdAt`) since the window's start, cancelled ones too. */
  dayPasses: DayPassDoc[];
  /** Check-ins recorded on this device since then that are still in its journal, whatever their outcome. */
  checkIns: CheckInDoc[];
  /** The passes of the window's days (and the day before): the server lists a counted check-in on its pass. */
  checkedInPasses: PassDoc[];
  /** The server's outcome documents since a day before the window (decisions on the journalled check-ins). */
  outcomes: CheckInOutcomeDoc[];
}

export interface GymActivityData {
  /** Live; answers once every part has been read from the device. */
  watch(window: GymActivityWindow): Observable<GymActivityDocs>;
}

/** A device whose clock runs ahead may stamp a check-in after the server's outcome of it; a day covers that. */
const OUTCOME_MARGIN_MS = 24 * 60 * 60 * 1000;

function activitySelectors({ since }: GymActivityWindow) {
  const outcomesFrom = new Date(new Date(since).getTime() - OUTCOME_MARGIN_MS).toISOString();
  // A check-in counts only on its pass's UK day, so the passes of the window's days (and of the day
  // before, for a clock running behind) hold every counted one (decision 197).
  const passDaysFrom = ukDateKey(new Date(outcomesFrom));
  return {
    dayPasses: { createdAt: { $gte: since } },
    outcomes: { resolvedAt: { $gte: outcomesFrom } },
    dayPassDays: { dayDateStart: { $gte: passDaysFrom } },
    mastrPassDays: { dateAndTimeStart: { $gte: passDaysFrom } },
  } satisfies Record<string, Where>;
}

export function createGymActivityData(collection: RxCollection<LocalDoc>, delivery: Pick<CheckInDelivery, 'journalled$'>): GymActivityData {
  return {
    watch(window) {
      const where = activitySelectors(window);
      return combineLatest([
        watchDocs<DayPassDoc>(collection, 'day-pass', where.dayPasses),
        delivery.journalled$,
        watchDocs<DayPassDoc>(collection, 'day-pass', where.dayPassDays),
        watchDocs<MastrPassDoc>(collection, 'mastr-pass', where.mastrPassDays),
        watchDocs<CheckInOutcomeDoc>(collection, 'check-in-outcome', where.outcomes),
      ]).pipe(
        map(([dayPasses, journalled, dayPassDays, mastrPassDays, outcomes]) => ({
          dayPasses,
          checkIns: journalledSince(journalled, window.since),
          checkedInPasses: [...dayPassDays, ...mastrPassDays],
          outcomes,
        })),
      );
    },
  };
}
