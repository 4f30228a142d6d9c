import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { checkoutPassId } from '@mastr/rules/checkout-pass.ts';
import {
  CHECKOUT_TEXTS,
  checkoutReturnOf,
  paidNotice,
  SESSION_PAID_TEXT,
  withoutCheckoutParams,
} from './checkout-return.ts';
import './payments.css';

function Notice({ text, tone }: { text: string; tone: 'paid' | 'cancelled' }) {
  const location = useLocation();
  const navigate = useNavigate();
  const dismiss = () =>
    navigate({ pathname: location.pathname, search: withoutCheckoutParams(location.search) }, { replace: true });
  return (
    <div className={`checkout-notice checkout-notice--${tone}`} role="status">
      <p className="checkout-notice__text">{text}</p>
      <button type="button" className="icon-button" onClick={dismiss} aria-label="Dismiss">
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}

/** The pass id a paid session issues, once computed; null when unknown or not computable here. */
function useExpectedPassId(sessionId: string | null): string | null {
  const [passId, setPassId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setPassId(null);
    if (sessionId) {
      checkoutPassId(sessionId).then(
        (id) => live && setPassId(id),
        // No Web Crypto (a plain-http address other than localhost): the line just says the payment was received.
        (err: unknown) => console.warn('Cannot tell which pass this checkout issues', err),
      );
    }
    return () => {
      live = false;
    };
  }, [sessionId]);
  return passId;
}

/**
 * Back from a paid checkout on the member's passes: 'Payment received…' until the paid pass has
 * arrived on the device by sync, then 'Your pass is ready.'. `passIds` are the passes on the device.
 */
export function CheckoutPaidNotice({ passIds }: { passIds: readonly string[] }) {
  const { search } = useLocation();
  const back = checkoutReturnOf(search);
  const expected = useExpectedPassId(back?.status === 'success' ? back.sessionId : null);
  const onDevice = useMemo(() => new Set(passIds), [passIds]);
  if (back?.status !== 'success') return null;
  return <Notice text={paidNotice(expected, onDevice)} tone="paid" />;
}

/** Back from a checkout the member left, at the top of the gym's profile, in the page's width. */
export function CheckoutCancelledNotice() {
  const { search } = useLocation();
  if (checkoutReturnOf(search)?.status !== 'cancelled') return null;
  return (
    <div className="page checkout-notice-slot">
      <Notice text={CHECKOUT_TEXTS.cancelled} tone="cancelled" />
    </div>
  );
}

/** Back from a PT checkout on the member's private sessions: paid (the session arrives by sync) or left unpaid. */
export function SessionCheckoutNotice() {
  const { search } = useLocation();
  const status = checkoutReturnOf(search)?.status;
  if (status === 'success') return <Notice text={SESSION_PAID_TEXT} tone="paid" />;
  if (status === 'cancelled') return <Notice text={CHECKOUT_TEXTS.cancelled} tone="cancelled" />;
  return null;
}
