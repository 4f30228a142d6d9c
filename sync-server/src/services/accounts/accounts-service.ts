import { EMAIL_OR_MOBILE_TAKEN } from '@mastr/rules/texts.ts';
import { accountDocId, emailClaimId, mobileClaimId, profileDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc, ClaimDoc, CoachProfileDoc, GymProfileDoc, UserProfileDoc } from '@mastr/rules/documents.ts';
import type { ProfileDoc } from '../../couch/stores/profiles-store.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { normaliseEmail, normaliseMobile } from '@mastr/rules/validation.ts';
import { couchStatus, type Couch } from '../../couch/couch.ts';
import { DB } from '../../couch/databases.ts';
import { newId } from '../../couch/ids.ts';
import { hashPassword } from '../auth/index.ts';

export interface NewAccountInput {
  kind: AccountKind;
  email: string;
  mobile: string;
  /** Plain password (hashed here) or null for a Google-only member. */
  pwd: string | null;
  /** The password hashed already (registration hashes once for all its rounds); `pwd` is then ignored. */
  passwordHash?: string;
  /** user: first name; coach: first and last name; gym: gym name. */
  firstName?: string;
  lastName?: string;
  gymName?: string;
  googleSub?: string;
  /** Fixed id (demo data); a new random id otherwise. */
  profileId?: string;
  /** Extra profile fields (demo data: addresses, prices, bios...). */
  profile?: Partial<ProfileDoc>;
}

export class AccountTakenError extends Error {
  constructor() {
    super(EMAIL_OR_MOBILE_TAKEN);
    this.name = 'AccountTakenError';
  }
}

function newProfile(input: NewAccountInput, id: string, createdAt: string): ProfileDoc {
  switch (input.kind) {
    case 'user':
      return {
        _id: profileDocId('user', id),
        type: 'user',
        name: input.firstName?.trim() ?? '',
        profileImage: '',
        coachProfileId: null,
        createdAt,
        ...(input.profile as Partial<UserProfileDoc>),
      };
    case 'coach':
      return {
        _id: profileDocId('coach', id),
        type: 'coach',
        firstName: input.firstName?.trim() ?? '',
        lastName: input.lastName?.trim() ?? '',
        discipline: '',
        sessionPreferenceType: 'No Preference',
        status: false,
        profileImage: '',
        price: 0,
        instagramUsername: '',
        tiktokUsername: '',
        youtubeUsername: '',
        stripeAccountDetailsSubmittedStatus: false,
        createdAt,
        ...(input.profile as Partial<CoachProfileDoc>),
      };
    case 'gym':
      return {
        _id: profileDocId('gym', id),
        type: 'gym',
        gymName: input.gymName?.trim() ?? '',
        address: { addressLineOne: '', addressLineTwo: '', addressTownOrCity: '', addressPostalCode: '' },
        status: false,
        subscribed: false,
        mastrPlan: null,
        bio: '',
        adultDayPassPrice: 0,
        kidsDayPassPrice: 0,
        profileImage: '',
        coverImage: '',
        stripeAccountDetailsSubmittedStatus: false,
        mastrClassActive: false,
        mastrClassDefault: null,
        createdAt,
        ...(input.profile as Partial<GymProfileDoc>),
      };
  }
}

/**
 * Creates an account: first the email and mobile claims (deterministic ids, so two instances racing
 * on the same email get exactly one 201 and one 409 from CouchDB itself), then the account and its
 * profile. If any step fails, what was written is removed again, so a failed registration leaves
 * nothing behind.
 */
export async function createAccount(
  couch: Couch,
  input: NewAccountInput,
  options: { verified: boolean; now: Date },
): Promise<{ account: AccountDoc; profile: ProfileDoc }> {
  const accounts = couch.use<AccountDoc | ClaimDoc>(DB.accounts);
  const profiles = couch.use<ProfileDoc>(DB.profiles);
  const id = input.profileId ?? newId();
  const createdAt = options.now.toISOString();
  const email = normaliseEmail(input.email);
  const mobileKey = normaliseMobile(input.mobile);
  const passwordHash = input.passwordHash ?? (input.pwd === null ? null : await hashPassword(input.pwd));

  const written: { db: typeof accounts | typeof profiles; id: string; rev: string }[] = [];
  const write = async (db: typeof accounts | typeof profiles, doc: AccountDoc | ClaimDoc | ProfileDoc) => {
    const res = await (db as typeof accounts).insert(doc as AccountDoc);
    written.push({ db, id: res.id, rev: res.rev });
  };
  try {
    await write(accounts, { _id: emailClaimId(input.kind, email), type: 'email-claim', accountId: id, createdAt });
    // Google members arrive without a mobile: there is nothing to claim, and an empty key would make
    // every such member collide on one claim.
    if (mobileKey)
      await write(accounts, {
        _id: mobileClaimId(input.kind, mobileKey),
        type: 'mobile-claim',
        accountId: id,
        createdAt,
      });
    const account: AccountDoc = {
      _id: accountDocId(id),
      type: 'account',
      kind: input.kind,
      profileId: id,
      email,
      mobile: input.mobile.trim(),
      mobileKey,
      passwordHash,
      verified: options.verified,
      createdAt,
      ...(options.verified ? { verifiedAt: createdAt } : {}),
      ...(input.googleSub ? { googleSub: input.googleSub } : {}),
    };
    await write(accounts, account);
    const profile = newProfile(input, id, createdAt);
    await write(profiles, profile);
    return { account, profile };
  } catch (err) {
    for (const doc of written.reverse()) {
      await (doc.db as typeof accounts).destroy(doc.id, doc.rev).catch(() => undefined);
    }
    if (couchStatus(err) === 409) throw new AccountTakenError();
    throw err;
  }
}
