import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, t=3, p=4): OWASP-grade, ~50 ms here. */
export function hashPassword(pwd: string): Promise<string> {
  return argon2.hash(pwd, { type: argon2.argon2id });
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
