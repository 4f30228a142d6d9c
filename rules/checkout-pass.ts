/**
 * The pass a paid checkout session issues has an id derived from the session (design/payments.md
 * "Webhooks and idempotency"): the webhook derives the same id on every delivery, so a session makes
 * exactly one pass, and the member's device, back from the checkout with `session_id` in its
 * address, knows which pass it is waiting for. Web Crypto, so the browser and Node compute it alike
 * (browsers offer it on https and localhost only).
 */
const PASS_ID_LENGTH = 24;

export async function checkoutPassId(checkoutSessionId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`checkout:${checkoutSessionId}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, PASS_ID_LENGTH);
}
