import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { verifyEntryToken } from '@mastr/rules/entry-token.ts';
import { generatePassSigningKey } from '../../config.ts';
import { passSigner } from './pass-signing.ts';

const pass = {
  type: 'day-pass',
  passId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  gymId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  idCode: 'k7m2xq',
  dayDateStart: '2026-11-20T00:00:00',
} as DayPassDoc;

describe('passSigner', () => {
  it("signs entry tokens the shared rules verify with WebCrypto and the signer's published key", async () => {
    const signer = passSigner(generatePassSigningKey());
    expect(signer.publicKey).toMatchObject({ alg: 'Ed25519', kid: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) });
    const verdict = await verifyEntryToken(signer.entryToken(pass), [signer.publicKey]);
    expect(verdict).toMatchObject({ valid: true, payload: { p: pass.passId, c: 'k7m2xq', d: '2026-11-20' } });
  });

  it('takes the key as PKCS8 base64 or as a JWK, with the same key id either way', () => {
    const pkcs8 = generatePassSigningKey();
    const jwk = JSON.stringify(
      createPrivateKey({ key: Buffer.from(pkcs8, 'base64'), format: 'der', type: 'pkcs8' }).export({ format: 'jwk' }),
    );
    expect(passSigner(jwk).publicKey).toEqual(passSigner(pkcs8).publicKey);
  });

  it('refuses a key of another algorithm', () => {
    const x25519 = generateKeyPairSync('x25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    expect(() => passSigner(x25519)).toThrow('PASS_SIGNING_KEY must be an Ed25519 private key.');
  });
});
