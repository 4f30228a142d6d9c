import type { Couch } from '../../couch/couch.ts';
import type { Deps } from '../../deps.ts';
import { deleteAuthDocs, expiredAuthDocs } from './stores/expired-docs-store.ts';

/**
 * Removes expired documents from `mastr_auth` (design/auth.md "Housekeeping"): refresh sessions,
 * one-time tokens, rate-limit counters and sign-in delay records. Each carries `expiresAt`, and the
 * `by-type-expires` index finds what is past it without reading the rest.
 *
 * Every server instance sweeps on its own timer; nothing is coordinated. That is safe because a
 * delete names the revision the sweep read: if the document changed meanwhile (a sign-in delay
 * revived by a new failure) the delete is refused with a conflict and the document stays, and if
 * another instance deleted it first the conflict is just as harmless.
 */

/** The expiring document types of `mastr_auth`, as the log line names them. */
const EXPIRING_TYPES = {
  refreshSessions: 'refresh-session',
  oneTimeTokens: 'one-time-token',
  rateLimits: 'rate-limit',
  signInDelays: 'signin-delay',
} as const;

type SweptKind = keyof typeof EXPIRING_TYPES;

/**
 * A document is swept only this long after its `expiresAt`. Every reader already refuses an expired
 * document, so this is not needed for correctness on one clock; it covers instances whose clocks
 * disagree by minutes, and keeps a just-expired record around for anyone looking into an incident.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
/** Documents deleted per request (one `_find` and one `_bulk_docs`). */
const PAGE_SIZE = 200;
/** The most one run deletes over all types, so a backlog is worked off over several runs, never in one burst. */
const MAX_DELETES_PER_RUN = 5_000;

export interface SweepResult {
  /** Documents deleted, by kind. */
  deleted: Record<SweptKind, number>;
  /** Deletes refused because the document had changed or was already gone (another instance, a revival). */
  conflicts: number;
  /** True when the run stopped at its bound with expired documents left for the next run. */
  more: boolean;
  durationMs: number;
}

/** One page of expired documents of one type deleted; returns how many went and how many conflicted. */
async function sweepPage(couch: Couch, type: string, cutoff: string, limit: number) {
  const docs = await expiredAuthDocs(couch, type, cutoff, limit);
  if (docs.length === 0) return { found: 0, deleted: 0, conflicts: 0 };
  const deleted = await deleteAuthDocs(couch, docs);
  return { found: docs.length, deleted, conflicts: docs.length - deleted };
}

/** One sweep over every expiring type, bounded by MAX_DELETES_PER_RUN. */
export async function sweepExpiredDocs(
  deps: Pick<Deps, 'couch' | 'now'>,
  maxDeletes = MAX_DELETES_PER_RUN,
): Promise<SweepResult> {
  const started = Date.now();
  const cutoff = new Date(deps.now().getTime() - SWEEP_GRACE_MS).toISOString();
  const deleted = { refreshSessions: 0, oneTimeTokens: 0, rateLimits: 0, signInDelays: 0 };
  let conflicts = 0;
  let budget = maxDeletes;
  let more = false;
  for (const [kind, type] of Object.entries(EXPIRING_TYPES) as [SweptKind, string][]) {
    for (;;) {
      if (budget <= 0) {
        more = true;
        break;
      }
      const page = await sweepPage(deps.couch, type, cutoff, Math.min(PAGE_SIZE, budget));
      deleted[kind] += page.deleted;
      conflicts += page.conflicts;
      budget -= page.found;
      // A short page is the last one. A page of nothing but conflicts is also the end for this run:
      // those documents are someone else's to settle, and asking again could find them again.
      if (page.found < PAGE_SIZE || page.deleted === 0) break;
    }
  }
  return { deleted, conflicts, more, durationMs: Date.now() - started };
}
