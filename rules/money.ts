/** Money is integer pence (GBP) everywhere; only the display divides by 100 (§9). */
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
