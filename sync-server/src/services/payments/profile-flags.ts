import { profileDocId } from '@mastr/rules/doc-ids.ts';
import type { CoachProfileDoc, GymProfileDoc } from '@mastr/rules/documents.ts';
import type { Couch } from '../../couch/couch.ts';
import { DB } from '../../couch/databases.ts';
import { updateDoc } from '../../couch/tenant-docs.ts';

type PaymentFlags = Partial<Pick<GymProfileDoc, 'stripeAccountDetailsSubmittedStatus' | 'subscribed' | 'mastrPlan'>>;

/**
 * Writes the §3 payment flags derived from Stripe's state onto a gym or coach profile, only when
 * they change (an unchanged write would needlessly invalidate the directory's memo). A missing
 * profile (account deleted since) is left alone.
 */
export async function setPaymentFlags(
  couch: Couch,
  kind: 'gym' | 'coach',
  profileId: string,
  flags: PaymentFlags,
): Promise<void> {
  await updateDoc(couch.use<GymProfileDoc | CoachProfileDoc>(DB.profiles), profileDocId(kind, profileId), (current) => {
    if (!current || current.type !== kind) return null;
    const changed = Object.entries(flags).some(
      ([key, value]) => (current as unknown as Record<string, unknown>)[key] !== value,
    );
    return changed ? { ...current, ...flags } : null;
  });
}
