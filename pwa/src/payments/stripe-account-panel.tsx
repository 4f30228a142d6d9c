import type { PayeeKind } from '@mastr/rules/api/payments.ts';
import { Panel } from '../dashboard-frame/index.ts';
import { openStripeLink } from './payments-api.ts';
import { useRedirectCall } from './use-redirect-call.ts';

/** Why onboarding matters to each kind of account. */
const ONBOARDING_REASON: Record<PayeeKind, string> = {
  gym: 'Stripe holds your bank and identity details, so your gym can take payments for day passes and Mastr classes.',
  coach: 'Stripe holds your bank and identity details, so you can be paid for your sessions.',
};

/**
 * The payments-provider section of a Stripe page (§2): 'Login To Stripe' once the details are
 * submitted, else 'Complete Onboarding With Stripe'. A failed link is only logged and the button
 * comes back (§8).
 */
export function StripeAccountPanel({ kind, detailsSubmitted }: { kind: PayeeKind; detailsSubmitted: boolean }) {
  const link = useRedirectCall(null);
  return (
    <Panel title={detailsSubmitted ? 'Login To Stripe' : 'Complete Onboarding With Stripe'}>
      <p>{detailsSubmitted ? "Don't forget to submit your Identity Document" : ONBOARDING_REASON[kind]}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={link.busy}
        aria-busy={link.busy}
        onClick={() => void link.run(() => openStripeLink(kind, detailsSubmitted))}
      >
        {detailsSubmitted ? 'Login' : 'Onboarding'}
      </button>
    </Panel>
  );
}
