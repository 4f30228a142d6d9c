/**
 * Notices of availability slots the server kept although the coach removed them offline
 * (rules/availability-merge.ts). Kept in localStorage so the coach still sees why after a reload;
 * removed when dismissed and at logout.
 */
import { useSyncExternalStore } from 'react';
import type { AvailabilityNotice } from '@mastr/rules/availability-merge.ts';

const STORAGE_KEY = 'availabilityNotices';
const listeners = new Set<() => void>();

function read(): AvailabilityNotice[] {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as AvailabilityNotice[]) : [];
  } catch {
    return [];
  }
}

let notices: AvailabilityNotice[] = read();

function save(next: AvailabilityNotice[]): void {
  notices = next;
  if (typeof localStorage !== 'undefined') {
    if (next.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(STORAGE_KEY);
  }
  listeners.forEach((l) => l());
}

const sameSlot = (a: AvailabilityNotice, b: AvailabilityNotice) =>
  a.weekStart === b.weekStart && a.weekday === b.weekday && a.time === b.time;

export const availabilityNotices = {
  get: (): AvailabilityNotice[] => notices,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Adds notices; a slot already noticed is replaced by its latest reason. */
  publish(added: readonly AvailabilityNotice[]): void {
    if (!added.length) return;
    save([...notices.filter((n) => !added.some((a) => sameSlot(a, n))), ...added]);
  },
  dismiss(notice: AvailabilityNotice): void {
    save(notices.filter((n) => !sameSlot(n, notice)));
  },
  clear(): void {
    save([]);
  },
};

/** The notices for a page to show, live. */
export function useAvailabilityNotices(): AvailabilityNotice[] {
  return useSyncExternalStore(availabilityNotices.subscribe, availabilityNotices.get, availabilityNotices.get);
}
