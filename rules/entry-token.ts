import { ENTRY_CODE_ALPHABET, ENTRY_CODE_LENGTH } from './constants.ts';
import { isId, type PassDoc } from './doc-ids.ts';
import { REFUSALS } from './refusals.ts';

/**
 * Entry tokens (design/sync.md "Entry codes that verify offline"): the member's QR code carries
 * `v1.<base64url(JSON payload)>.<base64url(Ed25519 signature)>`, the signature taken over the
 * ASCII text before the second dot. The server signs; a front desk verifies with WebCrypto and the
 * public keys of its gym's `pass-signing-keys` document, with no network.
 */
const ENTRY_TOKEN_VERSION = 'v1';

export interface EntryTokenPayload {
  /** Pass id. */
  p: string;
  k: 'day-pass' | 'mastr-pass';
  /** Gym id. */
  g: string;
  /** Entry code (idCode, lower-case). */
  c: string;
  /** UK day of the pass, 'YYYY-MM-DD'; null for a Mastr pass with no class yet. */
  d: string | null;
}

export type EntryTokenVerdict = { valid: true; payload: EntryTokenPayload } | { valid: false; reason: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CODE = new RegExp(`^[${ENTRY_CODE_ALPHABET.toLowerCase()}]{${ENTRY_CODE_LENGTH}}$`);

export function entryTokenPayload(pass: PassDoc): EntryTokenPayload {
  const start = pass.type === 'day-pass' ? pass.dayDateStart : pass.dateAndTimeStart;
  return { p: pass.passId, k: pass.type, g: pass.gymId, c: pass.idCode, d: start ? start.slice(0, 10) : null };
}

/** The exact text the server signs and a verifier checks. */
export function entryTokenSigningInput(payload: EntryTokenPayload): string {
  return `${ENTRY_TOKEN_VERSION}.${toBase64Url(new TextEncoder().encode(JSON.stringify(payload)))}`;
}

export function assembleEntryToken(signingInput: string, signature: Uint8Array): string {
  return `${signingInput}.${toBase64Url(signature)}`;
}

export interface ParsedEntryToken {
  payload: EntryTokenPayload;
  signingInput: string;
  signature: Uint8Array<ArrayBuffer>;
}

/** Splits and shape-checks a token; null when it is not one (a signature is NOT checked here). */
export function parseEntryToken(token: string): ParsedEntryToken | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[0] !== ENTRY_TOKEN_VERSION) return null;
  const payloadBytes = fromBase64Url(parts[1]);
  const signature = fromBase64Url(parts[2]);
  if (!payloadBytes || !signature || signature.length !== 64) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payloadBytes));
  } catch {
    return null;
  }
  if (!isPayload(payload)) return null;
  return { payload, signingInput: `${parts[0]}.${parts[1]}`, signature };
}

/**
 * Verifies the signature against any of the gym's published keys (old keys stay listed after a
 * rotation so passes sold before it still open the door).
 */
export async function verifyEntryToken(
  token: string,
  publicKeys: readonly { publicKey: string }[],
): Promise<EntryTokenVerdict> {
  const parsed = parseEntryToken(token);
  if (!parsed) return { valid: false, reason: REFUSALS.malformed };
  const data = new TextEncoder().encode(parsed.signingInput);
  for (const { publicKey } of publicKeys) {
    const raw = fromBase64Url(publicKey);
    if (!raw || raw.length !== 32) continue;
    const key = await globalThis.crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
    if (await globalThis.crypto.subtle.verify({ name: 'Ed25519' }, key, parsed.signature, data)) {
      return { valid: true, payload: parsed.payload };
    }
  }
  return { valid: false, reason: REFUSALS.forged };
}

/** Why a genuine token does not open this gym's door today (null: it does). `today` is the UK 'YYYY-MM-DD'. */
export function entryTokenRefusal(payload: EntryTokenPayload, gymId: string, today: string): string | null {
  if (payload.g !== gymId) return REFUSALS.otherGym;
  if (payload.d === null) return REFUSALS.unassigned;
  if (payload.d !== today) return REFUSALS.otherDay;
  return null;
}

function isPayload(value: unknown): value is EntryTokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Object.keys(v).length === 5 &&
    isId(v.p) &&
    (v.k === 'day-pass' || v.k === 'mastr-pass') &&
    isId(v.g) &&
    typeof v.c === 'string' &&
    CODE.test(v.c) &&
    (v.d === null || (typeof v.d === 'string' && DAY.test(v.d)))
  );
}

// btoa/atob exist in browsers and Node alike; Buffer does not exist in the browser.
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
