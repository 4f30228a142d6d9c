/**
 * Delivers a gym device's pending schedule weeks (design/sync.md "Schedules"). The gym's replication
 * is pull-only, so an edited week waits in a small journal as `{id, base, doc}` — `base` the server
 * copy the edit started from — and this sender posts it to the gateway's `_bulk_docs` with the base's
 * revision. A `conflict` means another device (or the online calls) wrote the week meanwhile: the
 * server's copy is read, the two are merged class by class (`mergeSchedule`: both additions kept, a
 * delete wins) and the merge is sent again from the server's revision.
 */
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { mergeSchedule } from '@mastr/rules/schedule.ts';
import { SyncHttpError } from './sync-fetch.ts';

export interface PendingScheduleWeek {
  id: string;
  /** The server's copy the edit started from (null when the device created the week). */
  base: ScheduleWeekDoc | null;
  /** The week as the device shows it. */
  doc: ScheduleWeekDoc;
}

export interface ScheduleGateway {
  /** The gateway's `_bulk_docs` and `_all_docs` of the gym's database. */
  bulkDocsUrl: string;
  allDocsUrl: string;
  /** The sync fetch: throws a SyncHttpError on a non-2xx answer. */
  fetch: typeof fetch;
}

export type ScheduleDelivery =
  /** The server holds the week (as sent, or merged with its newer copy). */
  | { outcome: 'sent'; rev: string; doc: ScheduleWeekDoc }
  /** The gateway refused the week (403): it can never be sent as it is. */
  | { outcome: 'refused' };

const MAX_ROUNDS = 5;

type Row = { ok?: boolean; id: string; rev?: string; error?: string };

function withoutRev(doc: ScheduleWeekDoc): ScheduleWeekDoc {
  const { _rev, ...rest } = doc;
  return rest;
}

async function serverCopy(gateway: ScheduleGateway, id: string): Promise<ScheduleWeekDoc | null> {
  const res = await gateway.fetch(`${gateway.allDocsUrl}?include_docs=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keys: [id] }),
  });
  const body = (await res.json()) as { rows: { doc?: ScheduleWeekDoc | null }[] };
  return body.rows[0]?.doc ?? null;
}

/**
 * Sends one pending week until the server holds it (merging on each conflict), or the gateway
 * refuses it. A network failure throws (the caller retries later with the same entry).
 */
export async function deliverScheduleWeek(
  gateway: ScheduleGateway,
  pending: PendingScheduleWeek,
): Promise<ScheduleDelivery> {
  let { base, doc } = pending;
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const sent = { ...withoutRev(doc), ...(base?._rev ? { _rev: base._rev } : {}) };
    let rows: Row[];
    try {
      const res = await gateway.fetch(gateway.bulkDocsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ docs: [sent] }),
      });
      rows = (await res.json()) as Row[];
    } catch (error) {
      if (error instanceof SyncHttpError && error.status === 403) return { outcome: 'refused' };
      throw error;
    }
    const row = rows[0];
    if (row?.ok && row.rev) return { outcome: 'sent', rev: row.rev, doc: { ...sent, _rev: row.rev } };
    if (row?.error !== 'conflict') throw new Error(`Schedule week not stored: ${row?.error ?? 'no answer'}`);
    const server = await serverCopy(gateway, pending.id);
    if (server) {
      doc = mergeSchedule(server, doc, base ?? undefined);
      base = server;
    }
  }
  throw new Error('Schedule week still conflicting: will try again');
}
