import { createHash } from 'node:crypto';
import { ENTRY_CODE_ALPHABET, ENTRY_CODE_LENGTH } from '../../../rules/constants.ts';

function digest(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

/**
 * A 24-hex id derived from a seed phrase. Demo documents get the same id on every start, so
 * seeding again (or on another instance) finds them instead of writing duplicates.
 */
export function demoId(seed: string): string {
  return digest(seed).toString('hex').slice(0, 24);
}

/**
 * A stable entry code for a demo pass, stored lower-case like real ones. The alphabet has 32
 * letters, so each byte modulo 32 picks a letter without bias.
 */
export function demoEntryCode(seed: string): string {
  const bytes = digest(`entry-code:${seed}`).subarray(0, ENTRY_CODE_LENGTH);
  return Array.from(bytes, (b) => ENTRY_CODE_ALPHABET[b % ENTRY_CODE_ALPHABET.length]).join('').toLowerCase();
}
