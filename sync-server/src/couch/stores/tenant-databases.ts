import type { TenantKind } from '@mastr/rules/roles.ts';
import { couchStatus, ensureDatabase, type Couch } from '../couch.ts';
import { tenantDbName } from '../databases.ts';

/**
 * Creates a tenant's database before the first write into it (a member, gym or coach has none until
 * something is written for it), admitting server admins only (`couch.ts` `ensureDatabase`). A read
 * needs none: the stores answer a missing database as no documents.
 */
export function ensureTenantDatabase(couch: Couch, kind: TenantKind, id: string): Promise<void> {
  return ensureDatabase(couch, tenantDbName(kind, id));
}

/** Deletes a tenant's database with everything in it (an account's deletion); a missing one is fine. */
export async function dropTenantDatabase(couch: Couch, kind: TenantKind, id: string): Promise<void> {
  try {
    await couch.db.destroy(tenantDbName(kind, id));
  } catch (err) {
    if (couchStatus(err) !== 404) throw err;
  }
}
