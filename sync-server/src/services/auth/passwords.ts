import argon2 from 'argon2';

/**
 * argon2id's cost. Everywhere but tests: the library's defaults (64 MiB, t=3, p=4), OWASP-grade,
 * ~50–150 ms on one core. The test runs (vitest.config.ts) set MASTR_PASSWORD_HASH_COST=test: the
 * same algorithm at 4 MiB, t=2, p=1, because the suites register and sign in thousands of accounts
 * on a 2-core box, where the production cost took a large share of CI's time. A hash records its own
 * parameters, so either kind verifies under either setting; production refuses the test cost
 * (config.ts).
 */
const COST = process.env.MASTR_PASSWORD_HASH_COST === 'test' ? { memoryCost: 4_096, timeCost: 2, parallelism: 1 } : {};

export function hashPassword(pwd: string): Promise<string> {
  return argon2.hash(pwd, { type: argon2.argon2id, ...COST });
}

export async function verifyPassword(hash: string | null, pwd: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, pwd);
  } catch {
    return false;
  }
}

/**
 * A fixed hash to verify against when no account matches, so "no such email" and "wrong password"
 * take the same time and cannot be told apart by timing.
 */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('Dummy#Password1');
  return dummyHash;
}
