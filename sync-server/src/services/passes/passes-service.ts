import { randomInt } from 'node:crypto';
import { ENTRY_CODE_ALPHABET, ENTRY_CODE_LENGTH, type DayPassType } from '@mastr/rules/constants.ts';
import { passDocId, SIGNING_KEYS_DOC_ID, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { DayPassDoc, MastrPassDoc, SigningKeysDoc } from '@mastr/rules/documents.ts';
import type { ServerConfig } from '../../config.ts';
import type { Couch } from '../../couch/couch.ts';
import type { Deps } from '../../deps.ts';
import { newId } from '../../couch/ids.ts';
import { createPass, getPass, updatePass } from '../../couch/stores/passes-store.ts';
import { ensureTenantDatabase } from '../../couch/stores/tenant-databases.ts';
import { passSigner } from './pass-signing.ts';
import { claimEntryCode, claimOfPass, releaseEntryCode } from './stores/entry-code-claims-store.ts';
import { updateSigningKeys } from './stores/signing-keys-store.ts';

/** What issuing passes needs: the databases, the clock and the entry-token signing key. */
export type PassesDeps = Pick<Deps, 'couch' | 'now'> & { config: Pick<ServerConfig, 'passSigningKey'> };

interface PassGym {
  profileId: string;
  gymName: string;
}

export interface PassMember {
  profileId: string;
  name: string;
  email: string;
}

interface NewPassCommon {
  gym: PassGym;
  member: PassMember;
  /** What the member paid, in pence. */
  pricePence: number;
  /**
   * A caller-chosen id makes issuing idempotent (the demo seed; a payment webhook delivered twice):
   * if the pass exists already, it is returned as it is.
   */
  passId?: string;
}

export interface NewDayPass extends NewPassCommon {
  passType: DayPassType;
  /** UK day, 'YYYY-MM-DD'. */
  date: string;
}

export interface NewMastrPass extends NewPassCommon {
  /** UK wall clock of the class, or null while the member has not chosen one. */
  dateAndTimeStart: string | null;
}

export interface IssuedPass<T extends PassDoc> {
  pass: T;
  /** False when a pass with the given passId already existed. */
  created: boolean;
}

const MAX_CODE_ATTEMPTS = 20;

export function createDayPass(deps: PassesDeps, input: NewDayPass): Promise<IssuedPass<DayPassDoc>> {
  return issuePass<DayPassDoc>(deps, input, (passId, createdAt) => ({
    _id: passDocId('day-pass', passId),
    type: 'day-pass',
    passId,
    passType: input.passType,
    dayDateStart: `${input.date}T00:00:00`,
    ...owners(input),
    expired: false,
    cancelled: false,
    pricePence: input.pricePence,
    checkIns: { all_check_ins: [], latest_check_in: null },
    createdAt,
  }));
}

export function createMastrPass(deps: PassesDeps, input: NewMastrPass): Promise<IssuedPass<MastrPassDoc>> {
  return issuePass<MastrPassDoc>(deps, input, (passId, createdAt) => ({
    _id: passDocId('mastr-pass', passId),
    type: 'mastr-pass',
    passId,
    dateAndTimeStart: input.dateAndTimeStart,
    ...owners(input),
    expired: false,
    pricePence: input.pricePence,
    checkedIn: { checkedInState: false, check_in_time: null },
    createdAt,
  }));
}

function owners({ gym, member }: NewPassCommon) {
  return {
    clientName: member.name,
    clientEmail: member.email,
    memberId: member.profileId,
    gymId: gym.profileId,
    gymName: gym.gymName,
    idCode: '',
    entryToken: '',
  };
}

/**
 * Writes a new pass into the gym's database (front desk) and the member's (entry code offline),
 * with a fresh entry code unique within the gym and its signed entry token.
 */
async function issuePass<T extends PassDoc>(
  deps: PassesDeps,
  input: NewPassCommon,
  build: (passId: string, createdAt: string) => T,
): Promise<IssuedPass<T>> {
  const { couch } = deps;
  const gymId = input.gym.profileId;
  const memberId = input.member.profileId;
  await ensureTenantDatabase(couch, 'gym', gymId);
  await ensureTenantDatabase(couch, 'member', memberId);
  await ensureSigningKeysDoc(deps, gymId);
  const draft = build(input.passId ?? newId(), deps.now().toISOString());

  const existing = await getPass<T>(couch, 'gym', gymId, draft._id);
  if (existing) return { pass: await withMemberCopy(couch, memberId, existing), created: false };

  // A caller-chosen id may have been issued before up to its claim by a process that died right
  // after (design/faults.md): that claim is the pass's code, not a second one held forever.
  const claim =
    (input.passId ? await claimOfPass(couch, gymId, draft.passId) : null) ??
    (await drawEntryCode(couch, gymId, draft.passId));
  const pass = { ...draft, idCode: claim.code };
  pass.entryToken = passSigner(deps.config.passSigningKey).entryToken(pass);
  if (!(await createPass(couch, 'gym', gymId, pass))) {
    // Another instance issued the same passId at the same moment: theirs stands, our code is freed
    // (unless both took up the same claim left by a crash: then it is theirs too).
    const theirs = (await getPass<T>(couch, 'gym', gymId, draft._id))!;
    // Freed already when this claim was one a racing attempt made and also lost with.
    if (theirs.idCode !== claim.code) await releaseEntryCode(couch, claim);
    return { pass: await withMemberCopy(couch, memberId, theirs), created: false };
  }
  return { pass: await withMemberCopy(couch, memberId, pass), created: true };
}

/** The member's copy is written from the gym's (a crash between the two writes heals on retry). */
async function withMemberCopy<T extends PassDoc>(couch: Couch, memberId: string, pass: T): Promise<T> {
  const { _rev, ...body } = pass;
  await updatePass<T>(couch, 'member', memberId, pass._id, (current) => (current ? null : (body as T)));
  return pass;
}

/** A random entry code free at the gym, claimed for the pass (a taken one: draw again). */
async function drawEntryCode(couch: Couch, gymId: string, passId: string) {
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
    const code = Array.from(
      { length: ENTRY_CODE_LENGTH },
      () => ENTRY_CODE_ALPHABET[randomInt(ENTRY_CODE_ALPHABET.length)],
    )
      .join('')
      .toLowerCase();
    const claim = await claimEntryCode(couch, gymId, code, passId);
    if (claim) return claim;
  }
  throw new Error(`No free entry code at gym ${gymId} after ${MAX_CODE_ATTEMPTS} draws.`);
}

/**
 * Publishes the current signing key in the gym's `pass-signing-keys` document (keeping older keys,
 * so passes signed before a key rotation still verify). Idempotent.
 */
export async function ensureSigningKeysDoc(deps: Pick<PassesDeps, 'couch' | 'config'>, gymId: string): Promise<void> {
  const { publicKey } = passSigner(deps.config.passSigningKey);
  await updateSigningKeys(deps.couch, gymId, (current): SigningKeysDoc | null =>
    current?.keys.some((k) => k.kid === publicKey.kid)
      ? null
      : { _id: SIGNING_KEYS_DOC_ID, type: 'signing-keys', keys: [...(current?.keys ?? []), publicKey] },
  );
}
