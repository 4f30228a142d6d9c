/** A document as CouchDB holds it. */
type Stored<T> = T & { _rev: string };

/**
 * What one revision-guarded write of a document answers (`DocWrite`): written (with its new
 * revision), unchanged (the change asked for nothing, the stored copy as it is), refused by the
 * type's rules (nothing written), or refused by its writer against the stored state (a held hour).
 * `result` is the type's writer's own answer for the document (`R`: the availability writer names
 * the held hours it kept).
 */
export type DocWritten<T, R = unknown> =
  | { outcome: 'written'; doc: Stored<T>; result: R }
  | { outcome: 'unchanged'; doc: Stored<T> | null }
  | { outcome: 'refused' }
  | { outcome: 'conflict'; reason: string; result: R };

/**
 * A read-modify-write of one document guarded by its revision, as `updateDoc` (tenant-docs.ts) makes
 * it, for a document type a device also writes: the online call's service builds the document from
 * the stored copy (`change`, again on a newer one after a conflict), and the function it is handed
 * holds the document to its type's rules and writes it with its type's writer
 * (sync/device-writes.ts `onlineDocWriter`, decision 184). The type lives below the domains so a
 * service can name it without importing the gateway, which imports the services.
 */
export type DocWrite<T, R = unknown> = (
  id: string,
  change: (current: Stored<T> | null) => T | null,
) => Promise<DocWritten<T, R>>;
