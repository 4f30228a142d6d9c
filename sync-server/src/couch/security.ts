import { DB } from './databases.ts';
import type { Couch } from './couch.ts';

/**
 * The `_security` object of every database the server makes: members and admins are server admins
 * only (role `_admin`), so no other CouchDB user can read or write it, whatever CouchDB's
 * `default_security` says (`everyone` would leave a new database open to every user, and to
 * anonymous callers too). The server itself calls with the admin's credentials (decisions.md 74).
 */
export const SERVER_ADMINS_ONLY = {
  members: { roles: ['_admin'] },
  admins: { roles: ['_admin'] },
} as const;

interface SecuritySection {
  names?: unknown;
  roles?: unknown;
}

/** True when a section admits server admins and nobody else. */
function adminsOnly(section: SecuritySection | undefined): boolean {
  const names = Array.isArray(section?.names) ? section.names : [];
  const roles = Array.isArray(section?.roles) ? section.roles : [];
  return names.length === 0 && roles.length === 1 && roles[0] === '_admin';
}

/**
 * Gives a database `SERVER_ADMINS_ONLY` unless it has it: read first, written only when different,
 * since writing `_security` is an update of the database on Apache CouchDB (its update sequence
 * moves and `_db_updates` wakes every feed watching it). Idempotent, so several instances may run it
 * at once: they write the same object.
 */
export async function ensureSecurity(couch: Couch, dbName: string): Promise<void> {
  const current = (await couch.request({ db: dbName, path: '_security' })) as Record<string, SecuritySection>;
  if (adminsOnly(current.members) && adminsOnly(current.admins)) return;
  await couch.request({ db: dbName, method: 'PUT', path: '_security', body: SERVER_ADMINS_ONLY });
}

/** A gym's, member's or coach's database (`tenantDbName`). */
const TENANT_DB = /^mastr_(?:gym|member|coach)_[a-f0-9]{24}$/;
/** Marks the one pass over tenant databases made before `_security` was set on creation as done. */
const TENANT_PASS_MARKER = '_local/tenant-security-v1';

/**
 * The tenant databases created before the server set `_security` on creation get it once: the
 * first start-up that finds no marker in `mastr_auth` goes over every tenant database (read, and
 * written only where different), then writes the marker, so later start-ups cost one read. A start
 * stopped half-way leaves no marker and the next one goes over them again; several instances at
 * once each go over them (same object) and one marker wins.
 */
export async function secureTenantDatabasesOnce(couch: Couch): Promise<void> {
  const auth = couch.use<{ at: string }>(DB.auth);
  const marked = await auth.get(TENANT_PASS_MARKER).then(
    () => true,
    (err: { statusCode?: number }) => {
      if (err.statusCode === 404) return false;
      throw err;
    },
  );
  if (marked) return;
  const tenants = (await couch.db.list()).filter((name) => TENANT_DB.test(name));
  // A few at a time: one call each, and a large deployment has many.
  for (let at = 0; at < tenants.length; at += 8) {
    await Promise.all(
      tenants.slice(at, at + 8).map((name) =>
        ensureSecurity(couch, name).catch((err: { statusCode?: number }) => {
          // Deleted meanwhile (an account deleted): nothing left to secure.
          if (err.statusCode !== 404) throw err;
        }),
      ),
    );
  }
  await auth.insert({ _id: TENANT_PASS_MARKER, at: new Date().toISOString() }).catch((err: { statusCode?: number }) => {
    if (err.statusCode !== 409) throw err;
  });
}
