import { describe, expect, it } from 'vitest';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import {
  assembleEntryToken,
  entryTokenPayload,
  entryTokenSigningInput,
  toBase64Url,
} from '@mastr/rules/entry-token.ts';
import { passForScannedToken, SCAN_ERRORS } from './entry-scan.ts';
import { CODE_ERRORS, frontDeskLists } from './front-desk-model.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const GYM = 'c'.repeat(24);

function pass(over: Partial<DayPassDoc> = {}): DayPassDoc {
  const passId = over.passId ?? 'a'.repeat(24);
  return {
    _id: `daypass:${passId}`,
    type: 'day-pass',
    passId,
    passType: 'Adult',
    dayDateStart: '2026-11-21T00:00:00',
    clientName: 'Alex',
    memberId: 'm'.repeat(24),
    gymId: GYM,
    gymName: 'Iron Temple',
    idCode: 'abc234',
    entryToken: '',
    clientEmail: 'alex@example.com',
    expired: false,
    cancelled: false,
    pricePence: 1500,
    checkIns: { all_check_ins: [], latest_check_in: null },
    countedCheckIns: [],
    createdAt: '2026-11-01T00:00:00Z',
    ...over,
  };
}

async function signer() {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey)));
  const sign = async (p: DayPassDoc) => {
    const input = entryTokenSigningInput(entryTokenPayload(p));
    const signature = new Uint8Array(
      await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new TextEncoder().encode(input)),
    );
    return assembleEntryToken(input, signature);
  };
  return { keys: [{ kid: 'k1', alg: 'Ed25519' as const, publicKey }], sign };
}

describe('scanning a member QR code', () => {
  it("finds today's pass for a code the server signed for this gym", async () => {
    const { keys, sign } = await signer();
    const today = pass();
    const lists = frontDeskLists([today], [], [], NOW);
    expect(await passForScannedToken(await sign(today), keys, lists, GYM, NOW)).toMatchObject({
      found: { passId: today.passId },
    });
  });

  it('refuses an altered or forged code', async () => {
    const { keys, sign } = await signer();
    const other = await signer();
    const today = pass();
    const lists = frontDeskLists([today], [], [], NOW);
    const [version, payload, signature] = (await sign(today)).split('.');
    const altered = `${version}.${payload.slice(0, -2)}${payload.slice(-2) === 'fQ' ? 'fR' : 'fQ'}.${signature}`;
    expect(await passForScannedToken(altered, keys, lists, GYM, NOW)).toEqual({ error: SCAN_ERRORS.invalid });
    expect(await passForScannedToken(await other.sign(today), keys, lists, GYM, NOW)).toEqual({
      error: SCAN_ERRORS.invalid,
    });
    expect(await passForScannedToken('not a code', keys, lists, GYM, NOW)).toEqual({ error: SCAN_ERRORS.invalid });
  });

  it('refuses a genuine code for another gym or another day, with the reason', async () => {
    const { keys, sign } = await signer();
    const lists = frontDeskLists([pass()], [], [], NOW);
    expect(await passForScannedToken(await sign(pass({ gymId: 'd'.repeat(24) })), keys, lists, GYM, NOW)).toEqual({
      error: 'This pass is for another gym.',
    });
    expect(
      await passForScannedToken(await sign(pass({ dayDateStart: '2026-11-22T00:00:00' })), keys, lists, GYM, NOW),
    ).toEqual({
      error: 'This pass is not for today.',
    });
  });

  it('says the front desk is still opening, not that the keys or the pass are missing, before the local copy has answered', async () => {
    const { sign } = await signer();
    expect(await passForScannedToken(await sign(pass()), [], null, GYM, NOW)).toEqual({ error: CODE_ERRORS.opening });
  });

  it('says so when this tablet has no keys yet', async () => {
    const { sign } = await signer();
    expect(await passForScannedToken(await sign(pass()), [], frontDeskLists([pass()], [], [], NOW), GYM, NOW)).toEqual({
      error: SCAN_ERRORS.noKeys,
    });
  });
});
