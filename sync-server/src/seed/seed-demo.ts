import type { Couch } from '../couch/couch.ts';
import { seedDemoAccounts, seedDemoMemberships, seedDemoTenantDatabases } from './seed-accounts.ts';
import { seedDemoAvailability } from './seed-availability.ts';
import { seedDemoPasses } from './seed-passes.ts';
import { seedDemoSchedules } from './seed-schedules.ts';

export interface SeedResult {
  /** Demo accounts created by this run (0 once they exist). */
  accounts: number;
  /** Other demo documents written by this run (memberships, schedules, availability, passes). */
  documents: number;
}

/**
 * Seeds the demo world (see demo-data.ts) into databases that setupDatabases has prepared. Safe to
 * run on every start and from several instances: it only adds what is missing and never changes or
 * revives a document, so demo data people have edited survives restarts. Passes are signed with
 * `passSigningKey` (the server's PASS_SIGNING_KEY), so their entry tokens verify at the front desk.
 */
export async function seedDemoData(couch: Couch, now: Date, passSigningKey: string): Promise<SeedResult> {
  const accounts = await seedDemoAccounts(couch, now);
  await seedDemoTenantDatabases(couch);
  const documents =
    (await seedDemoMemberships(couch, now)) +
    (await seedDemoSchedules(couch, now)) +
    (await seedDemoAvailability(couch, now)) +
    (await seedDemoPasses(couch, now, passSigningKey));
  return { accounts, documents };
}
