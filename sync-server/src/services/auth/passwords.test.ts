import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('are argon2id at the test runs’ cost here, and verify only the right password', async () => {
    const hash = await hashPassword('Correct#Horse1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=4096,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'Correct#Horse1')).toBe(true);
    expect(await verifyPassword(hash, 'correct#horse1')).toBe(false);
  });

  it('verify a hash made at the production cost, since a hash carries its own parameters', async () => {
    const production = await argon2.hash('Correct#Horse1', { type: argon2.argon2id });
    expect(production).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(production, 'Correct#Horse1')).toBe(true);
    expect(await verifyPassword(production, 'Wrong#Horse1')).toBe(false);
    expect(await verifyPassword(null, 'Correct#Horse1')).toBe(false);
  });
});
