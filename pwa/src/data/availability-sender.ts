/**
 * Delivers a coach device's pending availability weeks (design/sync.md "One device outbox"): the
 * merge-against-base strategy (`outbox/merge-against-base.ts`) with the availability's own merge.
 * On `conflict` — another device or an online call wrote the week, or the gateway refused to drop an
 * hour a slot claim holds — the server's copy is read and merged with `mergeAvailability`: the
 * coach's adds and removals stand, except hours a claim the device holds (a client requested or
 * booked them) keeps, which the coach is told of once the server holds the week.
 */
import { mergeAvailability, type AvailabilityNotice } from '@mastr/rules/availability-merge.ts';
import { claimsByHour, type ClaimsByHour } from '@mastr/rules/coach-slots.ts';
import type { AvailabilityWeekDoc, SlotClaimDoc } from '@mastr/rules/documents.ts';
import { deliverAgainstBase, type MergeDelivery, type MergeGateway, type PendingAgainstBase } from './outbox/merge-against-base.ts';

export interface AvailabilityMergeParts {
  /** The slot claims of a dated week as the device holds them (replicated `slot-claim` documents). */
  claimsOf(weekStart: string): Promise<SlotClaimDoc[]>;
  /** Tells the coach of hours kept (availability-notices.ts). */
  publish(notices: AvailabilityNotice[]): void;
}

/**
 * Sends one pending week until the server holds it (merging on each conflict), or the gateway
 * refuses it. A network failure throws (the sender retries later with the same entry). Notices are
 * published only once the server holds the merged week: a retry never tells twice what never stood.
 */
export async function deliverAvailabilityWeek(
  parts: AvailabilityMergeParts,
  gateway: MergeGateway,
  pending: PendingAgainstBase<AvailabilityWeekDoc>,
): Promise<MergeDelivery<AvailabilityWeekDoc>> {
  const { weekStart } = pending.doc;
  const claims: ClaimsByHour = weekStart ? claimsByHour(await parts.claimsOf(weekStart), weekStart) : new Map();
  const notices: AvailabilityNotice[] = [];
  const delivered = await deliverAgainstBase(gateway, pending, (server, mine) => {
    const { merged, notices: kept } = mergeAvailability(server, mine, claims);
    notices.push(...kept);
    return merged;
  });
  if (delivered.outcome === 'sent') parts.publish(notices);
  return delivered;
}
