import Boom from '@hapi/boom';
import { isId } from '@mastr/rules/doc-ids.ts';
import type { AccountKind, TenantKind } from '@mastr/rules/roles.ts';
import { ensureDatabase } from '../couch/couch.ts';
import { tenantDbName } from '../couch/databases.ts';
import type { Deps } from '../deps.ts';
import type { AccessCredentials } from '../services/auth/index.ts';
import { ensureSigningKeysDoc } from '../services/passes/index.ts';

/** Which account kind may replicate each kind of tenant database. */
const TENANT_OWNER: Record<TenantKind, AccountKind> = { gym: 'gym', member: 'user', coach: 'coach' };

export interface Tenant {
  kind: TenantKind;
  id: string;
  dbName: string;
}

const isTenantKind = (value: string): value is TenantKind => Object.hasOwn(TENANT_OWNER, value);

/**
 * The tenant a signed-in account may reach at `/sync/{kind}/{id}`: only its own database, and only
 * with the matching role. Anything else is 403 (the token itself was already checked: 401).
 */
export function authoriseTenant(credentials: AccessCredentials, kind: string, id: string): Tenant {
  if (!isTenantKind(kind) || !isId(id)) throw Boom.forbidden('Forbidden');
  if (credentials.kind !== TENANT_OWNER[kind] || credentials.UserInfo.profileId !== id)
    throw Boom.forbidden('Forbidden');
  return { kind, id, dbName: tenantDbName(kind, id) };
}

/**
 * Makes sure an authorised tenant's database exists (a newly registered account syncs before
 * anything was ever written for it) and that a gym's database publishes the current pass-signing
 * key. Both steps are idempotent and safe across instances; each instance does them once per
 * tenant and remembers that it did (a failed attempt is forgotten and tried again).
 */
export function createTenantPreparer(deps: Deps): (tenant: Tenant) => Promise<void> {
  const prepared = new Map<string, Promise<void>>();
  return (tenant) => {
    let done = prepared.get(tenant.dbName);
    if (!done) {
      done = (async () => {
        await ensureDatabase(deps.couch, tenant.dbName);
        if (tenant.kind === 'gym') await ensureSigningKeysDoc(deps, tenant.id);
      })();
      done.catch(() => prepared.delete(tenant.dbName));
      prepared.set(tenant.dbName, done);
    }
    return done;
  };
}
