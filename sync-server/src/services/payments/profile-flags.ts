import type { GymProfileDoc } from '@mastr/rules/documents.ts';
import type { Couch } from '../../couch/couch.ts';
import { updateProfile } from '../../couch/stores/profiles-store.ts';

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
  await updateProfile(couch, kind, profileId, (current) => {
    if (!current) return null;
    const changed = Object.entries(flags).some(
      ([key, value]) => (current as unknown as Record<string, unknown>)[key] !== value,
    );
    return changed ? { ...current, ...flags } : null;
  });
}
