/**
 * Delivers a gym device's pending schedule weeks (design/sync.md "Schedules"): the device outbox's
 * merge-against-base strategy (`outbox/merge-against-base.ts`) with the timetable's own merge. The
 * gym's replication is pull-only, so an edited week waits in a small journal as `{id, base, doc}` —
 * `base` the server copy the edit started from — and is posted to the gateway's `_bulk_docs` with
 * the base's revision. A `conflict` means another device (or the online calls) wrote the week
 * meanwhile: the server's copy is read, the two are merged class by class (`mergeSchedule`: both
 * additions kept, a delete wins) and the merge is sent again from the server's revision.
 */
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { mergeSchedule } from '@mastr/rules/schedule.ts';
import { deliverAgainstBase, type MergeDelivery, type MergeGateway, type PendingAgainstBase } from './outbox/merge-against-base.ts';

export type PendingScheduleWeek = PendingAgainstBase<ScheduleWeekDoc>;
export type ScheduleGateway = MergeGateway;
export type ScheduleDelivery = MergeDelivery<ScheduleWeekDoc>;

/**
 * Sends one pending week until the server holds it (merging on each conflict), or the gateway
 * refuses it. A network failure throws (the sender retries later with the same entry).
 */
export const deliverScheduleWeek = (gateway: ScheduleGateway, pending: PendingScheduleWeek): Promise<ScheduleDelivery> =>
  deliverAgainstBase(gateway, pending, mergeSchedule);
