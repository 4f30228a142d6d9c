import { EMAIL_OR_MOBILE_TAKEN } from '@mastr/rules/texts.ts';
import { accountDocId, emailClaimId, mobileClaimId, profileDocId } from '@mastr/rules/doc-ids.ts';
import type { AccountDoc, CoachProfileDoc, GymProfileDoc, UserProfileDoc } from '@mastr/rules/documents.ts';
import { removeAccountAt, writeNewAccount } from '../../couch/stores/accounts-store.ts';
import { removeClaimAt, writeClaim } from '../../couch/stores/claims-store.ts';
import { removeProfileAt, writeNewProfile, type ProfileDoc } from '../../couch/stores/profiles-store.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { normaliseEmail, normaliseMobile } from '@mastr/rules/validation.ts';
import type { Couch } from '../../couch/couch.ts';
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
  const id = input.profileId ?? newId();
  const createdAt = options.now.toISOString();
  const email = normaliseEmail(input.email);
  const mobileKey = normaliseMobile(input.mobile);
  const passwordHash = input.passwordHash ?? (input.pwd === null ? null : await hashPassword(input.pwd));

  /** How to take back each write that landed, in the order written; a write that found its id taken stops there. */
  const written: (() => Promise<void>)[] = [];
  const landed = (rev: string | null, undo: (rev: string) => Promise<void>) => {
    if (rev === null) throw new AccountTakenError();
    written.push(() => undo(rev));
  };
  try {
    const emailClaim = emailClaimId(input.kind, email);
    landed(await writeClaim(couch, { _id: emailClaim, type: 'email-claim', accountId: id, createdAt }), (rev) =>
      removeClaimAt(couch, emailClaim, rev),
    );
    // Google members arrive without a mobile: there is nothing to claim, and an empty key would make
    // every such member collide on one claim.
    if (mobileKey) {
      const mobileClaim = mobileClaimId(input.kind, mobileKey);
      landed(await writeClaim(couch, { _id: mobileClaim, type: 'mobile-claim', accountId: id, createdAt }), (rev) =>
        removeClaimAt(couch, mobileClaim, rev),
      );
    }
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
    landed(await writeNewAccount(couch, account), (rev) => removeAccountAt(couch, id, rev));
    const profile = newProfile(input, id, createdAt);
    landed(await writeNewProfile(couch, profile), (rev) => removeProfileAt(couch, input.kind, id, rev));
    return { account, profile };
  } catch (err) {
    for (const undo of written.reverse()) await undo().catch(() => undefined);
    throw err;
  }
}
