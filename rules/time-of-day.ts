/** Times of day are seconds from midnight (§4, §9). */
export const SECONDS_PER_HOUR = 3600;
const MIDDAY = 43200;
export const END_OF_DAY = 86400;

/** 'HH:mm'; 86400 and a missing time show 00:00 (§4). */
export function formatTimeOfDay(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds >= END_OF_DAY || seconds < 0) return '00:00';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** AM is a start before 12:00 (43200 s); PM from 12:00. */
export function isMorning(startSeconds: number): boolean {
  return startSeconds < MIDDAY;
}

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let t = from; t <= to; t += step) out.push(t);
  return out;
}

/** Coach availability, PT request and Mastr default-class times: hourly 04:00-22:00 (19 options). */
export const HOURLY_SLOTS: readonly number[] = range(14400, 79200, 3600);

/** Schedule class start times: every 30 minutes 04:30-22:00. */
export const CLASS_START_SLOTS: readonly number[] = range(16200, 79200, 1800);
