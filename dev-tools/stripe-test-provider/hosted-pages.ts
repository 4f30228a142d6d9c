import { formatPence } from '@mastr/rules/money.ts';
import type { Account } from './resources/accounts.ts';
import type { CheckoutSession, LineItem } from './resources/checkout-sessions.ts';
import type { Customer } from './resources/customers.ts';
import type { Subscription } from './resources/subscriptions.ts';

/**
 * The pages a browser sees instead of Stripe's: plain server-rendered HTML, every one under a
 * TEST MODE banner so nobody mistakes them for a real payment page.
 */

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1f36; }
  .banner { background: #ff5a1f; color: #fff; font-weight: 700; text-align: center; padding: .6rem; letter-spacing: .05em; }
  main { max-width: 30rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: .5rem; box-shadow: 0 1px 4px #0002; }
  .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0 1rem; }
  label { display: block; margin: .75rem 0 .25rem; font-size: .9rem; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; }
  .row { display: flex; gap: .75rem; }
  button { margin-top: 1rem; padding: .6rem 1.2rem; font-size: 1rem; border-radius: .3rem; border: 1px solid #635bff; cursor: pointer; }
  button.primary { background: #635bff; color: #fff; width: 100%; }
  button.secondary { background: #fff; color: #635bff; }
  a.button { display: inline-block; margin-top: 1rem; padding: .6rem 1.2rem; background: #635bff; color: #fff; border-radius: .3rem; text-decoration: none; }
  .note { color: #697386; font-size: .85rem; }
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · TEST MODE</title><style>${STYLE}</style></head>
<body>
<div class="banner" role="status">TEST MODE · local test payment provider · no real money moves</div>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function postButton(action: string, label: string, className: string, hidden: Record<string, string> = {}): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${fields}<button type="submit" class="${className}">${escapeHtml(label)}</button></form>`;
}

export function checkoutPage(session: CheckoutSession, lineItems: LineItem[]): string {
  const perMonth = session.mode === 'subscription' ? ' per month' : '';
  const items = lineItems
    .map(
      (item) =>
        `<p><strong>${escapeHtml(item.productName)}</strong>${item.description ? `<br>${escapeHtml(item.description)}` : ''}</p>`,
    )
    .join('');
  const summary = `${items}<p class="amount">${formatPence(session.amount_total)}${perMonth}</p>`;
  if (session.status === 'expired')
    return page('Checkout expired', `${summary}<p>This checkout session has expired. Please start again.</p>`);
  if (session.status === 'complete') {
    const successUrl = session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    return page(
      'Already paid',
      `${summary}<p>This checkout session is already paid.</p><p><a href="${escapeHtml(successUrl)}">Continue</a></p>`,
    );
  }
  const cancel = session.cancel_url ? postButton(`/checkout/${session.id}/cancel`, 'Cancel', 'secondary') : '';
  return page(
    'Checkout',
    `${summary}
${session.customer_email ? `<p>Paying as ${escapeHtml(session.customer_email)}</p>` : ''}
<form method="post" action="/checkout/${session.id}/pay">
  <label for="card">Card number</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242">
  <div class="row">
    <div><label for="expiry">Expiry</label><input id="expiry" name="expiry" autocomplete="cc-exp" value="12/34"></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123"></div>
  </div>
  <p class="note">Test card details are not checked: any card pays.</p>
  <button type="submit" class="primary">Pay</button>
</form>
${cancel}`,
  );
}

export function onboardingPage(account: Account, linkId: string): string {
  return page(
    'Set up payouts',
    `<p>Connected account <code>${escapeHtml(account.id)}</code>${account.email ? ` (${escapeHtml(account.email)})` : ''}.</p>
<p class="note">On Stripe this is where identity and bank details are entered. Here one click completes onboarding.</p>
${postButton(`/onboarding/${linkId}/complete`, 'Complete onboarding', 'primary')}`,
  );
}

export function expressDashboardPage(account: Account, returnUrl: string | null): string {
  const back = returnUrl ? `<p><a class="button" href="${escapeHtml(returnUrl)}">Return to the app</a></p>` : '';
  return page(
    'Express dashboard',
    `<p>This is the local test payment provider's stand-in for the Stripe Express dashboard.</p>
<p>Account <code>${escapeHtml(account.id)}</code>${account.email ? ` · ${escapeHtml(account.email)}` : ''}</p>
<p>Payments ${account.charges_enabled ? 'enabled' : 'not enabled'} · payouts ${account.payouts_enabled ? 'enabled' : 'not enabled'}</p>${back}`,
  );
}

export function billingPortalPage(
  portalSessionId: string,
  customer: Customer,
  subscriptions: Subscription[],
  returnUrl: string | null,
): string {
  const rows = subscriptions.map((subscription) => {
    const price = subscription.items.data[0]?.price;
    const cancel =
      subscription.status === 'active'
        ? postButton(`/billing-portal/${portalSessionId}/cancel`, 'Cancel subscription', 'secondary', {
            subscription: subscription.id,
          })
        : '';
    return `<section><p><strong>${escapeHtml(price?.product ?? subscription.id)}</strong> · ${formatPence(price?.unit_amount)} per ${escapeHtml(price?.recurring.interval ?? 'month')} · ${subscription.status}</p>${cancel}</section>`;
  });
  const list = rows.length > 0 ? rows.join('') : '<p>No subscriptions.</p>';
  const back = returnUrl ? `<p><a class="button" href="${escapeHtml(returnUrl)}">Return</a></p>` : '';
  return page('Billing', `<p>Customer ${escapeHtml(customer.email ?? customer.id)}</p>${list}${back}`);
}

export function messagePage(title: string, message: string): string {
  return page(title, `<p>${escapeHtml(message)}</p>`);
}
