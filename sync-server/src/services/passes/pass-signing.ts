import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import type { DayPassDoc, MastrPassDoc, SigningKeysDoc } from '@mastr/rules/documents.ts';
import { assembleEntryToken, entryTokenPayload, entryTokenSigningInput } from '@mastr/rules/entry-token.ts';

type PublishedKey = SigningKeysDoc['keys'][number];

export interface PassSigner {
  /** The public half as the gym databases publish it. */
  publicKey: PublishedKey;
  /** The entry token for a pass (its QR code content). */
  entryToken(pass: DayPassDoc | MastrPassDoc): string;
}

function parsePrivateKey(configured: string): KeyObject {
  const text = configured.trim();
  const key = text.startsWith('{')
    ? createPrivateKey({ key: JSON.parse(text), format: 'jwk' })
    : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('PASS_SIGNING_KEY must be an Ed25519 private key.');
  return key;
}

const signers = new Map<string, PassSigner>();

/** The signer for the configured PASS_SIGNING_KEY (parsed once per key). */
export function passSigner(configuredKey: string): PassSigner {
  const known = signers.get(configuredKey);
  if (known) return known;
  const privateKey = parsePrivateKey(configuredKey);
  const raw = Buffer.from(createPublicKey(privateKey).export({ format: 'jwk' }).x!, 'base64url');
  const signer: PassSigner = {
    // The key id is derived from the key itself, so every instance sharing the key agrees on it.
    publicKey: {
      kid: createHash('sha256').update(raw).digest('base64url').slice(0, 16),
      alg: 'Ed25519',
      publicKey: raw.toString('base64url'),
    },
    entryToken(pass) {
      const input = entryTokenSigningInput(entryTokenPayload(pass));
      return assembleEntryToken(input, sign(null, Buffer.from(input, 'ascii'), privateKey));
    },
  };
  signers.set(configuredKey, signer);
  return signer;
}
