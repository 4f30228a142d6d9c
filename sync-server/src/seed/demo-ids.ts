import { createHash } from 'node:crypto';

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
