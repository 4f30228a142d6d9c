/**
 * Searching the gym's visitors (§2 "Visitors"). The visitors themselves are derived from the day
 * passes the gym holds locally by the shared rule (`visitorsOf`, rules/visitors.ts), so the page
 * works offline and lists what GET /api/me/gyms would.
 */
import type { Visitor } from '@mastr/rules/api/me.ts';

/** Case-insensitive match on name or email; an empty search shows everyone. */
export function searchVisitors(visitors: readonly Visitor[], query: string): Visitor[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...visitors];
  return visitors.filter((v) => v.userName.toLowerCase().includes(q) || v.email.toLowerCase().includes(q));
}
