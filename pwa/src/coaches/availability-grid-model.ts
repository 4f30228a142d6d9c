/**
 * The coach profile's availability grid as pure data (§2 "Coach profile", §4 "Week views", "Coach
 * slot"): one of two Sunday-start UK weeks, each day with its hourly slots, their states and whether
 * a member may pick them. The selectability rule itself lives in rules/coach-slots.ts.
 */
import {
  coachSlotDate,
  isDaySelectable,
  isSlotSelectable,
  slotState,
  type CoachWeekKind,
  type ShownSlot,
  type SlotState,
} from '@mastr/rules/coach-slots.ts';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import type { CoachDetail } from '@mastr/rules/api/directory.ts';
import type { CoachAvailabilityDay } from '@mastr/rules/api/availability.ts';

const WEEK_TITLES: Record<CoachWeekKind, string> = { currentWeek: 'Current Week', nextWeek: 'Next Week' };

/** What a slot says it is: its own state, or 'unavailable' for a free slot whose day is closed. */
export type SlotStatus = SlotState | 'unavailable';

export interface GridSlot {
  slot: ShownSlot;
  /** 'HH:mm'. */
  label: string;
  status: SlotStatus;
  selectable: boolean;
  /** The slot button's accessible name, e.g. 'Tue 08:00, free'. */
  name: string;
}

export interface GridDay {
  dayId: string;
  weekday: number;
  abbreviation: string;
  /** 'YYYY-MM-DD', UK. */
  date: string;
  /** Today or earlier in the current week: nothing on it can be picked. */
  closed: boolean;
  slots: GridSlot[];
}

export interface GridWeek {
  kind: CoachWeekKind;
  title: string;
  /** The Sunday starting the week, 'YYYY-MM-DD'. */
  weekStart: string;
  days: GridDay[];
  /** Week selector: previous is disabled on the current week, next on the next week (§4). */
  canGoBack: boolean;
  canGoForward: boolean;
}

/** The slot a member picked, with everything the confirm-details modal and the request need. */
export interface SlotChoice {
  weekKind: CoachWeekKind;
  dayId: string;
  weekday: number;
  abbreviation: string;
  date: string;
  slot: ShownSlot;
}

type WeekSource = Pick<CoachDetail, 'availability' | 'currentWeekStart' | 'nextWeekStart'>;

function timesOf(day: CoachAvailabilityDay, kind: CoachWeekKind): ShownSlot[] {
  const times = kind === 'currentWeek' ? day.currentWeekTimes : day.nextWeekTimes;
  return [...(times ?? [])].sort((a, b) => a.time - b.time);
}

function statusOf(state: SlotState, dayOpen: boolean): SlotStatus {
  return state === 'free' && !dayOpen ? 'unavailable' : state;
}

/** The week as the grid draws it, Sunday first, each day's slots in time order. */
export function availabilityGrid(coach: WeekSource, kind: CoachWeekKind, todayUk: string): GridWeek {
  const weekStart = kind === 'currentWeek' ? coach.currentWeekStart : coach.nextWeekStart;
  const days = [...coach.availability]
    .sort((a, b) => a.weekday - b.weekday)
    .map((day): GridDay => {
      const open = isDaySelectable(kind, day.weekday, todayUk);
      return {
        dayId: day._id,
        weekday: day.weekday,
        abbreviation: day.abbreviation,
        date: coachSlotDate(weekStart, day.weekday),
        closed: !open,
        slots: timesOf(day, kind).map((slot) => {
          const label = formatTimeOfDay(slot.time);
          const status = statusOf(slotState(slot), open);
          return {
            slot,
            label,
            status,
            selectable: isSlotSelectable(kind, day.weekday, todayUk, slot),
            name: `${day.abbreviation} ${label}, ${status}`,
          };
        }),
      };
    });
  return {
    kind,
    title: WEEK_TITLES[kind],
    weekStart,
    days,
    canGoBack: kind === 'nextWeek',
    canGoForward: kind === 'currentWeek',
  };
}

/** The choice a press on a selectable slot makes. */
export function slotChoice(week: GridWeek, day: GridDay, slot: GridSlot): SlotChoice {
  return {
    weekKind: week.kind,
    dayId: day.dayId,
    weekday: day.weekday,
    abbreviation: day.abbreviation,
    date: day.date,
    slot: slot.slot,
  };
}
