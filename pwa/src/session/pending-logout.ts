/**
 * Logouts the server has not heard of yet (design/auth.md "Logout while offline"). The refresh cookie
 * is httpOnly, so only the server can end its session, and a device logged out offline cannot reach
 * it. So a logout is written down here first and removed once the server answered it; until then it
 * is sent again at start-up, when the browser says it is online, every 30 s, and before any refresh
 * or sign-in (session-api.ts). Each names the session it ends, so sending it late can never end a
 * session signed in since. IndexedDB, not the account's data: logging out wipes that, not this.
 *
 * Every public page checks for these at start-up, so Dexie (31 kB gzip) is imported only once the
 * database exists (design/decisions.md 126): a device that never logged out never downloads it.
 */
import type { Table } from 'dexie';
import type { AccountKind } from '@mastr/rules/roles.ts';

const DATABASE_NAME = 'mastr-pending-logouts';

export interface PendingLogout {
  /** The session id, or `{kind}:unknown` when the device never learnt it. */
  key: string;
  kind: AccountKind;
  /** The refresh session being ended (the access token's `sid`), when known. */
  session: string | null;
  loggedOutAt: string;
}

/** What sending one logout came to: the server answered it, or it must be sent again later. */
export type LogoutOutcome = 'answered' | 'retry';
export type LogoutSender = (logout: PendingLogout) => Promise<LogoutOutcome>;

/** The database on the IndexedDB of the moment (tests install theirs after import). */
async function withLogouts<T>(work: (table: Table<PendingLogout, string>) => Promise<T>): Promise<T> {
  const { Dexie } = await import('dexie');
  const db = new Dexie(DATABASE_NAME, { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });
  db.version(1).stores({ logouts: 'key' });
  try {
    await db.open();
    return await work(db.table('logouts'));
  } finally {
    db.close();
  }
}

const hasIndexedDb = () => typeof globalThis.indexedDB !== 'undefined';

/**
 * False only when the database was never created, read without Dexie (indexedDB.databases(), which
 * does not create it): then nothing is pending. A browser without databases(), or one failing it, says
 * "maybe", and the database is read as before.
 */
async function mayHaveLogouts(): Promise<boolean> {
  const factory = globalThis.indexedDB as IDBFactory & { databases?: IDBFactory['databases'] };
  if (typeof factory.databases !== 'function') return true;
  try {
    return (await factory.databases()).some((db) => db.name === DATABASE_NAME);
  } catch {
    return true;
  }
}

/** Writes a logout down; false when it could not be (no IndexedDB): the caller then sends it once, as before. */
export async function recordPendingLogout(
  kind: AccountKind,
  session: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  if (!hasIndexedDb()) return false;
  try {
    const key = session ?? `${kind}:unknown`;
    await withLogouts((t) => t.put({ key, kind, session, loggedOutAt: now.toISOString() }));
    return true;
  } catch (err) {
    console.warn('Could not keep the logout for later', err);
    return false;
  }
}

export async function pendingLogouts(): Promise<PendingLogout[]> {
  if (!hasIndexedDb() || !(await mayHaveLogouts())) return [];
  return withLogouts((t) => t.toArray());
}

/** Forgets every pending logout: a sign-in replaced the cookie, and the server ended the old session itself. */
export async function forgetPendingLogouts(): Promise<void> {
  if (!hasIndexedDb() || !(await mayHaveLogouts())) return;
  await withLogouts((t) => t.clear());
}

let inFlight: Promise<boolean> | null = null;

/**
 * Sends every pending logout, oldest first, removing each the server answered. Resolves true when
 * none is left. Concurrent callers share one pass, so a logout is never sent twice at once.
 */
export function flushPendingLogouts(send: LogoutSender): Promise<boolean> {
  inFlight ??= (async () => {
    try {
      const pending = (await pendingLogouts()).sort((a, b) => a.loggedOutAt.localeCompare(b.loggedOutAt));
      let left = 0;
      for (const logout of pending) {
        if ((await send(logout)) === 'answered') await withLogouts((t) => t.delete(logout.key));
        else left += 1;
      }
      return left === 0;
    } catch (err) {
      // Storage that cannot be read must not sign every later session out: what it held is lost.
      console.warn('Could not read the pending logouts', err);
      return true;
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
