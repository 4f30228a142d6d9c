/**
 * Which payments the server takes (GET /api/payments/mode): Stripe live, Stripe's test mode, or the
 * local test provider that `npm start` runs without Stripe keys. Anything but live shows a "Test
 * mode" marker, so nobody mistakes a test card page for a real payment.
 */
import type { PaymentsMode } from '@mastr/rules/api/payments.ts';
import { callApi } from '../api/index.ts';

const MODES: readonly PaymentsMode[] = ['live', 'test', 'local-test'];

/** The answer is kept for the browser tab's session: the mode only changes when the server restarts with other keys. */
export const PAYMENTS_MODE_KEY = 'mastr.paymentsMode';

/** The subset of Storage the cache needs (sessionStorage in the browser). */
export interface ModeCache {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function parsePaymentsMode(value: unknown): PaymentsMode | null {
  return MODES.find((mode) => mode === value) ?? null;
}

export function isTestMode(mode: PaymentsMode | null): boolean {
  return mode === 'test' || mode === 'local-test';
}

const fetchMode = async (): Promise<unknown> => (await callApi('GET /api/payments/mode', {}))?.mode;

/**
 * The cached mode, else the server's answer (then cached). Null when neither can tell — offline, an
 * old server, a garbled answer — and nothing is cached, so a later page load asks again.
 */
export async function loadPaymentsMode(
  cache: ModeCache | null,
  ask: () => Promise<unknown> = fetchMode,
): Promise<PaymentsMode | null> {
  const cached = parsePaymentsMode(cache?.getItem(PAYMENTS_MODE_KEY));
  if (cached) return cached;
  let mode: PaymentsMode | null;
  try {
    mode = parsePaymentsMode(await ask());
  } catch {
    return null;
  }
  if (mode) cache?.setItem(PAYMENTS_MODE_KEY, mode);
  return mode;
}
