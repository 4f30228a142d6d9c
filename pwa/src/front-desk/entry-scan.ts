/**
 * A scanned QR code opens the door only if the server signed it for this gym and today
 * (design/sync.md "Entry codes that verify offline"); the check works with no network.
 */
import { ukDateKey } from '@mastr/rules/dates.ts';
import type { SigningKeysDoc } from '@mastr/rules/documents.ts';
import { entryTokenRefusal, verifyEntryToken } from '@mastr/rules/entry-token.ts';
import { CODE_ERRORS, type CodeLookup, type FrontDeskLists } from './front-desk-model.ts';

export const SCAN_ERRORS = {
  invalid: 'This code is not valid.',
  noKeys: 'This tablet has not received the pass keys yet: connect once, or type the entry code.',
  unknown: 'No pass for today matches this code.',
} as const;

export async function passForScannedToken(
  token: string,
  publicKeys: SigningKeysDoc['keys'],
  /** Null while the device's copy is still opening (its keys and lists are not known yet). */
  lists: FrontDeskLists | null,
  gymId: string,
  now: Date,
): Promise<CodeLookup> {
  if (!lists) return { error: CODE_ERRORS.opening };
  if (!publicKeys.length) return { error: SCAN_ERRORS.noKeys };
  const verdict = await verifyEntryToken(token, publicKeys);
  if (!verdict.valid) return { error: SCAN_ERRORS.invalid };
  const refusal = entryTokenRefusal(verdict.payload, gymId, ukDateKey(now));
  if (refusal) return { error: refusal };
  const view = [...lists.today, ...lists.mastrToday].find((v) => v.passId === verdict.payload.p);
  return view ? { found: view } : { error: SCAN_ERRORS.unknown };
}
