import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { GymMe } from '@mastr/rules/api/me.ts';
import { formatPence } from '@mastr/rules/money.ts';
import { Panel, useReloadMeProfile } from '../dashboard-frame/index.ts';
import { Modal } from '../ui/index.ts';
import { planReturnNotice, subscriptionReturnOf } from './checkout-return.ts';
import { currentPlanLabel } from './current-plan.ts';
import { SUBSCRIPTION_FAILURES } from './payment-errors.ts';
import { loadBasicPlanPrice, openBasicPlanCheckout, openCustomerPortal } from './payments-api.ts';
import { useRedirectCall } from './use-redirect-call.ts';

function FailureLine({ text }: { text: string }) {
  return text ? (
    <p className="payments-error" role="alert">
      {text}
    </p>
  ) : null;
}

/** 'Select Plan' (§2): the plans a gym can subscribe to; each goes to a hosted subscription checkout. */
function SelectPlanModal({ onClose }: { onClose(): void }) {
  const checkout = useRedirectCall(SUBSCRIPTION_FAILURES);
  const price = useBasicPlanPrice();
  return (
    <Modal title="Select Plan" onClose={onClose} busy={checkout.busy}>
      <p className="modal__note">
        A monthly subscription lists your gym on Mastr and lets members buy day passes and Mastr classes.
      </p>
      {/* The price before the checkout, not first on the payment page (issue 24). */}
      <p className="plan-price" aria-live="polite">
        {price === undefined ? 'Basic Subscription' : `Basic Subscription: ${formatPence(price)} a month`}
      </p>
      <p className="modal__note">
        Billed monthly until you cancel with Manage Plan. Cancelling takes your gym off the public list; passes already
        sold stay valid, and their holders can still open your page.
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={checkout.busy}
        aria-busy={checkout.busy}
        onClick={() => void checkout.run(openBasicPlanCheckout)}
      >
        Basic Subscription
      </button>
      <FailureLine text={checkout.error} />
    </Modal>
  );
}

/** The plan's price once the server has said it (undefined until then, or when it cannot be asked). */
function useBasicPlanPrice(): number | undefined {
  const [price, setPrice] = useState<number | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadBasicPlanPrice().then((pence) => {
      if (live && pence !== null) setPrice(pence);
    });
    return () => {
      live = false;
    };
  }, []);
  return price;
}

/** How often, and how long, the page asks for the profile while Stripe's subscription event is on its way. */
const PENDING_PLAN_POLL_MS = 2_000;
const PENDING_PLAN_POLLS = 30;

/** Back from paying for a plan before Stripe's event made the gym subscribed: ask again until it has (or give up quietly). */
function useReloadWhilePending(pending: boolean): void {
  const reload = useReloadMeProfile('gym');
  useEffect(() => {
    if (!pending) return;
    let polls = 0;
    const timer = setInterval(() => {
      polls += 1;
      if (polls >= PENDING_PLAN_POLLS) clearInterval(timer);
      void reload();
    }, PENDING_PLAN_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, reload]);
}

/** The plan section of /gymdashboard/stripe (§2): Current Plan, then Manage Plan when subscribed, else Select Plan. */
export function PlanPanel({ gym }: { gym: Pick<GymMe, 'subscribed' | 'mastrPlan'> }) {
  const portal = useRedirectCall(SUBSCRIPTION_FAILURES);
  const [selecting, setSelecting] = useState(false);
  const back = subscriptionReturnOf(useLocation().search);
  const notice = planReturnNotice(back, gym.subscribed);
  useReloadWhilePending(back === 'success' && !gym.subscribed);
  return (
    <Panel title="Current Plan">
      {notice && (
        <p className="plan-notice" role="status">
          {notice}
        </p>
      )}
      <p className="plan-name">{currentPlanLabel(gym)}</p>
      {gym.subscribed ? (
        <button
          type="button"
          className="button"
          disabled={portal.busy}
          aria-busy={portal.busy}
          onClick={() => void portal.run(openCustomerPortal)}
        >
          Manage Plan
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          aria-haspopup="dialog"
          onClick={() => setSelecting(true)}
        >
          Select Plan
        </button>
      )}
      <FailureLine text={portal.error} />
      {selecting && <SelectPlanModal onClose={() => setSelecting(false)} />}
    </Panel>
  );
}
