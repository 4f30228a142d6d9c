import { membershipDocId } from '@mastr/rules/doc-ids.ts';
import type { MembershipDoc } from '@mastr/rules/documents.ts';
import { ensureDatabase, type Couch } from '../couch/couch.ts';
import { DB, tenantDbName } from '../couch/databases.ts';
import { createAccount, type NewAccountInput } from '../services/accounts/index.ts';
import { getAccount } from '../couch/stores/accounts-store.ts';
import { createIfMissing } from './create-if-missing.ts';
import { DEMO_COACHES, DEMO_GYMS, DEMO_MEMBERS, DEMO_MEMBERSHIPS, DEMO_PASSWORD } from './demo-data.ts';

const demoAccountInputs: readonly NewAccountInput[] = [
  ...DEMO_GYMS.map((g) => ({
    kind: 'gym' as const,
    email: g.email,
    mobile: g.mobile,
    pwd: DEMO_PASSWORD,
    gymName: g.gymName,
    profileId: g.profileId,
    profile: g.profile,
  })),
  ...DEMO_COACHES.map((c) => ({
    kind: 'coach' as const,
    email: c.email,
    mobile: c.mobile,
    pwd: DEMO_PASSWORD,
    firstName: c.firstName,
    lastName: c.lastName,
    profileId: c.profileId,
    profile: c.profile,
  })),
  ...DEMO_MEMBERS.map((m) => ({
    kind: 'user' as const,
    email: m.email,
    mobile: m.mobile,
    pwd: DEMO_PASSWORD,
    firstName: m.firstName,
    profileId: m.profileId,
  })),
];

/** Creates the verified demo accounts that do not exist yet; returns how many were created. */
export async function seedDemoAccounts(couch: Couch, now: Date): Promise<number> {
  let created = 0;
  for (const input of demoAccountInputs) {
    if (await getAccount(couch, input.profileId!)) continue;
    await createAccount(couch, input, { verified: true, now });
    created += 1;
  }
  return created;
}

/** The tenant database every demo account replicates to its devices. */
export async function seedDemoTenantDatabases(couch: Couch): Promise<void> {
  const tenants = [
    ...DEMO_GYMS.map((g) => tenantDbName('gym', g.profileId)),
    ...DEMO_COACHES.map((c) => tenantDbName('coach', c.profileId)),
    ...DEMO_MEMBERS.map((m) => tenantDbName('member', m.profileId)),
  ];
  for (const name of tenants) await ensureDatabase(couch, name);
}

/** Coach-gym relations in the profiles database; returns how many were written. */
export async function seedDemoMemberships(couch: Couch, now: Date): Promise<number> {
  const profiles = couch.use<MembershipDoc>(DB.profiles);
  let created = 0;
  for (const { gymId, coachId, state } of DEMO_MEMBERSHIPS) {
    const doc: MembershipDoc = {
      _id: membershipDocId(gymId, coachId),
      type: 'membership',
      gymId,
      coachId,
      state,
      updatedAt: now.toISOString(),
    };
    if (await createIfMissing(profiles, doc)) created += 1;
  }
  return created;
}
