import type { MangoSelector } from 'nano';
import type { Logger } from '../logging/logger.ts';
import type { Couch } from './couch.ts';

/**
 * One Mango query of the server's (`queries.ts`): the database, the selector, and the index it is
 * written for by name. `use_index` is required: Apache CouchDB picks an index on its own when none is
 * named, and a query that silently falls back to a full scan is what the `warning` below reports.
 */
export interface FindQuery {
  db: string;
  selector: MangoSelector;
  use_index: string;
  limit: number;
  fields?: string[];
  /** On the index's fields, in its order (CouchDB sorts only along an index). */
  sort?: Array<Record<string, 'asc' | 'desc'>>;
}

type WarningLog = (shape: string, warning: string) => void;
const warningLogs = new WeakMap<Couch, WarningLog>();

/**
 * Sends the `warning` of `_find` answers made through `couch` to `logger` (at warn level), once per
 * query shape (database, index and selector with its values left out), so a query that no longer
 * runs on its index shows in the log without one line per call. Registered once at composition
 * (`server.ts`), so the query functions keep taking only the client.
 */
export function logFindWarnings(couch: Couch, logger: Logger): void {
  if (warningLogs.has(couch)) return;
  const seen = new Set<string>();
  warningLogs.set(couch, (shape, warning) => {
    if (seen.has(shape)) return;
    seen.add(shape);
    logger.warn({ query: shape, warning }, 'CouchDB _find answered with a warning');
  });
}

/** The selector's structure without its values: `{"type":"?","expiresAt":{"$lt":"?"}}`. */
function queryShape(query: Pick<FindQuery, 'db' | 'use_index' | 'selector'>): string {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, strip(inner)]));
    return '?';
  };
  return `${query.db} ${query.use_index} ${JSON.stringify(strip(query.selector))}`;
}

/** Runs a query and answers its documents; a `warning` in CouchDB's answer is logged (above). */
export async function findDocs<T>(couch: Couch, query: FindQuery): Promise<T[]> {
  const { db, ...request } = query;
  const answer = (await couch.use<T & object>(db).find(request)) as { docs: T[]; warning?: string };
  if (answer.warning) warningLogs.get(couch)?.(queryShape(query), answer.warning);
  return answer.docs;
}
