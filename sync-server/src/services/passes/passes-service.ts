import { randomInt } from 'node:crypto';
import type { DocumentScope } from 'nano';
import { ENTRY_CODE_ALPHABET, ENTRY_CODE_LENGTH, type DayPassType } from '@mastr/rules/constants.ts';
import { entryCodeClaimId, passDocId, SIGNING_KEYS_DOC_ID, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { DayPassDoc, EntryCodeClaimDoc, MastrPassDoc, SigningKeysDoc } from '@mastr/rules/documents.ts';
import type { ServerConfig } from '../../config.ts';
import { couchStatus, ensureDatabase } from '../../couch/couch.ts';
import { DB, tenantDbName } from '../../couch/databases.ts';
import { findDocs } from '../../couch/find.ts';
import { QUERIES } from '../../couch/queries.ts';
import type { Deps } from '../../deps.ts';
import { newId } from '../../couch/ids.ts';
import { passSigner } from './pass-signing.ts';
import { getDoc, tenantDb, updateDoc } from '../../couch/tenant-docs.ts';

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
  await ensureDatabase(couch, tenantDbName('gym', input.gym.profileId));
  await ensureDatabase(couch, tenantDbName('member', input.member.profileId));
  await ensureSigningKeysDoc(deps, input.gym.profileId);
  const gymDb = tenantDb<T>(couch, 'gym', input.gym.profileId);
  const memberDb = tenantDb<T>(couch, 'member', input.member.profileId);
  const draft = build(input.passId ?? newId(), deps.now().toISOString());

  const existing = await getDoc(gymDb, draft._id);
  if (existing) return { pass: await withMemberCopy(memberDb, existing), created: false };

  // A caller-chosen id may have been issued before up to its claim by a process that died right
  // after (design/faults.md): that claim is the pass's code, not a second one held forever.
  const claim =
    (input.passId ? await claimLeftFor(deps, input.gym.profileId, draft.passId) : null) ??
    (await claimEntryCode(deps, input.gym.profileId, draft.passId));
  const pass = { ...draft, idCode: claim.code };
  pass.entryToken = passSigner(deps.config.passSigningKey).entryToken(pass);
  try {
    await gymDb.insert(pass);
  } catch (err) {
    if (couchStatus(err) !== 409) throw err;
    // Another instance issued the same passId at the same moment: theirs stands, our code is freed
    // (unless both took up the same claim left by a crash: then it is theirs too).
    const theirs = (await getDoc(gymDb, draft._id))!;
    if (theirs.idCode !== claim.code) {
      // Freed already when this claim was one a racing attempt made and also lost with.
      await couch
        .use(DB.accounts)
        .destroy(claim.id, claim.rev)
        .catch((e: unknown) => {
          if (couchStatus(e) !== 404 && couchStatus(e) !== 409) throw e;
        });
    }
    return { pass: await withMemberCopy(memberDb, theirs), created: false };
  }
  return { pass: await withMemberCopy(memberDb, pass), created: true };
}

/** The member's copy is written from the gym's (a crash between the two writes heals on retry). */
async function withMemberCopy<T extends PassDoc>(memberDb: DocumentScope<T>, pass: T): Promise<T> {
  const { _rev, ...body } = pass;
  await updateDoc(memberDb, pass._id, (current) => (current ? null : (body as T)));
  return pass;
}

/** The entry-code claim a pass id already holds at the gym, if an earlier attempt made one. */
async function claimLeftFor(deps: PassesDeps, gymId: string, passId: string) {
  const prefix = entryCodeClaimId(gymId, '');
  const docs = await findDocs<EntryCodeClaimDoc>(deps.couch, QUERIES.entryCodeClaimsOfPass(passId));
  // The embedded server's `_find` may answer a claim deleted meanwhile (a race's loser freeing it) as null.
  const left = docs.find((doc) => doc?._id.startsWith(prefix));
  return left ? { code: left._id.slice(prefix.length), id: left._id, rev: left._rev! } : null;
}

async function claimEntryCode(deps: PassesDeps, gymId: string, passId: string) {
  const claims = deps.couch.use<EntryCodeClaimDoc>(DB.accounts);
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
    const code = Array.from(
      { length: ENTRY_CODE_LENGTH },
      () => ENTRY_CODE_ALPHABET[randomInt(ENTRY_CODE_ALPHABET.length)],
    )
      .join('')
      .toLowerCase();
    const id = entryCodeClaimId(gymId, code);
    try {
      const { rev } = await claims.insert({ _id: id, type: 'entry-code-claim', passId });
      return { code, id, rev };
    } catch (err) {
      if (couchStatus(err) !== 409) throw err; // taken at this gym: draw again
    }
  }
  throw new Error(`No free entry code at gym ${gymId} after ${MAX_CODE_ATTEMPTS} draws.`);
}

/**
 * Publishes the current signing key in the gym's `pass-signing-keys` document (keeping older keys,
 * so passes signed before a key rotation still verify). Idempotent.
 */
export async function ensureSigningKeysDoc(deps: Pick<PassesDeps, 'couch' | 'config'>, gymId: string): Promise<void> {
  const { publicKey } = passSigner(deps.config.passSigningKey);
  await updateDoc(
    tenantDb<SigningKeysDoc>(deps.couch, 'gym', gymId),
    SIGNING_KEYS_DOC_ID,
    (current): SigningKeysDoc | null =>
      current?.keys.some((k) => k.kid === publicKey.kid)
        ? null
        : { _id: SIGNING_KEYS_DOC_ID, type: 'signing-keys', keys: [...(current?.keys ?? []), publicKey] },
  );
}
