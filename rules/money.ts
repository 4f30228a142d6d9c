/** Money is integer pence (GBP) everywhere; only the display divides by 100 (§9). */
import { PRICE_IN_POUNDS } from './texts.ts';
export function formatPence(pence: number | null | undefined): string {
  const value = Number.isFinite(pence) ? Number(pence) : 0;
  const pounds = value / 100;
  return Number.isInteger(pounds) ? `£${pounds}` : `£${pounds.toFixed(2)}`;
}

/** Hourly prices of coaches and PT requests: '£40/hr'. */
export function formatHourlyRate(pence: number | null | undefined): string {
  return `${formatPence(pence)}/hr`;
}

/** The Mastr class costs £1 (§1, §9). */
export const MASTR_CLASS_PRICE_PENCE = 100;

/**
 * The smallest card payment Stripe takes in pounds (£0.30): a price below it could never be sold, so
 * no gym or coach may set one (and checkout refuses one stored before this rule).
 */
export const MIN_CHARGE_PENCE = 30;

/** The highest price a gym or coach may set (£10,000): beyond it a typo, not a price. */
export const MAX_PRICE_PENCE = 1_000_000;

export type PoundsParse = { ok: true; pence: number } | { ok: false; reason: string };

/**
 * A price typed in pounds (§5: sent as typed), to pence: '12', '8.50', '£8.5', ' 7 ' are fine;
 * negatives, anything not a number, fractions of a penny, prices between 0 and MIN_CHARGE_PENCE (card
 * checkout cannot take them; 0 stays "no price", which keeps the account from going live) and prices
 * above MAX_PRICE_PENCE are refused
 * with the reason to show. Numbers (a client sending 12) are read the same way.
 */
export function parsePounds(typed: unknown): PoundsParse {
  const text = typeof typed === 'number' ? String(typed) : typeof typed === 'string' ? typed.trim() : '';
  const match = /^£?\s*(-?)(\d{1,7})(?:\.(\d{1,2})?)?$/.exec(text);
  if (!match) {
    if (/^£?\s*-?\d+\.\d{3,}$/.test(text)) return { ok: false, reason: 'Price cannot include fractions of a penny.' };
    return { ok: false, reason: PRICE_IN_POUNDS };
  }
  const [, minus, pounds, pennies = ''] = match;
  const pence = Number(pounds) * 100 + Number(pennies.padEnd(2, '0'));
  if (minus && pence > 0) return { ok: false, reason: 'Price cannot be negative.' };
  if (pence > 0 && pence < MIN_CHARGE_PENCE)
    return { ok: false, reason: `Price must be at least ${formatPence(MIN_CHARGE_PENCE)}, the smallest card payment.` };
  if (pence > MAX_PRICE_PENCE)
    return { ok: false, reason: `Price cannot be more than ${formatPence(MAX_PRICE_PENCE)}.` };
  return { ok: true, pence };
}
