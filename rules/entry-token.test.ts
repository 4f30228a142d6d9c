import { describe, expect, it } from 'vitest';
import type { DayPassDoc, MastrPassDoc } from './documents.ts';
import {
  assembleEntryToken,
  entryTokenPayload,
  entryTokenRefusal,
  entryTokenSigningInput,
  fromBase64Url,
  parseEntryToken,
  toBase64Url,
  verifyEntryToken,
} from './entry-token.ts';
import { REFUSALS } from './refusals.ts';

const GYM = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const dayPass = {
  type: 'day-pass',
  passId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  gymId: GYM,
  idCode: 'k7m2xq',
  dayDateStart: '2026-11-20T00:00:00',
} as DayPassDoc;
const unassigned = {
  type: 'mastr-pass',
  passId: 'cccccccccccccccccccccccc',
  gymId: GYM,
  idCode: 'abcdef',
  dateAndTimeStart: null,
} as MastrPassDoc;

async function newKey() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { privateKey: pair.privateKey, published: { publicKey: toBase64Url(raw) } };
}

async function signedToken(privateKey: CryptoKey, pass: DayPassDoc | MastrPassDoc) {
  const input = entryTokenSigningInput(entryTokenPayload(pass));
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: 'Ed25519' }, privateKey, new TextEncoder().encode(input)),
  );
  return assembleEntryToken(input, signature);
}

describe('entry tokens', () => {
  it('carries the pass, its kind, gym, entry code and day', () => {
    expect(entryTokenPayload(dayPass)).toEqual({
      p: dayPass.passId,
      k: 'day-pass',
      g: GYM,
      c: 'k7m2xq',
      d: '2026-11-20',
    });
    expect(entryTokenPayload(unassigned).d).toBeNull();
  });

  it('verifies a token signed with a published key, offline, and returns its payload', async () => {
    const key = await newKey();
    const token = await signedToken(key.privateKey, dayPass);
    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await verifyEntryToken(token, [key.published])).toEqual({
      valid: true,
      payload: entryTokenPayload(dayPass),
    });
  });

  it('accepts any of the listed keys, so tokens signed before a key rotation still verify', async () => {
    const [before, after] = [await newKey(), await newKey()];
    const keys = [before.published, after.published];
    expect((await verifyEntryToken(await signedToken(before.privateKey, dayPass), keys)).valid).toBe(true);
    expect((await verifyEntryToken(await signedToken(after.privateKey, dayPass), keys)).valid).toBe(true);
  });

  it('refuses an altered payload, an altered signature and a token signed with another key', async () => {
    const key = await newKey();
    const token = await signedToken(key.privateKey, dayPass);
    const [version, , signature] = token.split('.');
    const otherPayload = entryTokenSigningInput({ ...entryTokenPayload(dayPass), d: '2026-11-21' }).split('.')[1];
    const flipped = fromBase64Url(signature)!;
    flipped[0] ^= 1;
    const forgeries = [
      `${version}.${otherPayload}.${signature}`,
      `${token.slice(0, token.lastIndexOf('.'))}.${toBase64Url(flipped)}`,
      await signedToken((await newKey()).privateKey, dayPass),
    ];
    for (const forged of forgeries) {
      expect(await verifyEntryToken(forged, [key.published])).toEqual({ valid: false, reason: REFUSALS.forged });
    }
  });

  it('refuses what is not a token at all', async () => {
    const key = await newKey();
    const signature = toBase64Url(new Uint8Array(64));
    const payloadOf = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
    for (const text of [
      '',
      'K7M2XQ',
      'https://example.com',
      'v2.e30.e30',
      `v1.${payloadOf(entryTokenPayload(dayPass))}.short`,
      `v1.${payloadOf({ ...entryTokenPayload(dayPass), extra: 1 })}.${signature}`,
      `v1.${payloadOf({ ...entryTokenPayload(dayPass), c: 'K7M2XQ' })}.${signature}`,
      `v1.${payloadOf({ ...entryTokenPayload(dayPass), p: '../x' })}.${signature}`,
      `v1.not*base64.${signature}`,
    ]) {
      expect(parseEntryToken(text), text).toBeNull();
      expect(await verifyEntryToken(text, [key.published])).toEqual({ valid: false, reason: REFUSALS.malformed });
    }
  });

  it("says why a genuine token does not open this gym's door today", () => {
    const payload = entryTokenPayload(dayPass);
    expect(entryTokenRefusal(payload, GYM, '2026-11-20')).toBeNull();
    expect(entryTokenRefusal(payload, 'dddddddddddddddddddddddd', '2026-11-20')).toBe(REFUSALS.otherGym);
    expect(entryTokenRefusal(payload, GYM, '2026-11-21')).toBe(REFUSALS.otherDay);
    expect(entryTokenRefusal(entryTokenPayload(unassigned), GYM, '2026-11-20')).toBe(REFUSALS.unassigned);
  });
});
