import type {
  CoachAccountRequests,
  CoachAccountResponses,
  GymAccountRequests,
  GymAccountResponses,
  UserProfileImageResponse,
} from '@mastr/rules/api/account.ts';
import { parseSocialUsername, type SocialNetwork } from '@mastr/rules/account-fields.ts';
import type { CoachProfileDoc, GymProfileDoc, UserProfileDoc } from '@mastr/rules/documents.ts';
import { parsePounds } from '@mastr/rules/money.ts';
import type { GoLiveStep } from '@mastr/rules/go-live.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { updateProfile } from '../../couch/stores/profiles-store.ts';
import type { Deps } from '../../deps.ts';
import type { PayeeKind } from '../../couch/stores/payments-store.ts';
import { updateWithGoLive } from './go-live-service.ts';
import { takeProfileImage } from './image-intake.ts';
import { forgetProfileImage, storeProfileImage } from './profile-images.ts';

/**
 * Account edits (§7 "Gym account", "Coach account", the member's profile image): one field per call,
 * checked here beyond joi's shape checks (prices through parsePounds, socials through their network's
 * rule, images by their bytes), written with a revision-guarded read-modify-write so concurrent edits
 * of different fields never lose each other, and, for gyms and coaches, with the Active status worked
 * out again in the same write (go-live-service.ts). A refusal stores nothing.
 */

export type EditOutcome<Answer> =
  | { outcome: 'saved'; answer: Answer }
  | { outcome: 'refused'; message: string }
  | { outcome: 'too-large'; message: string }
  /** An image upload over the account's limit, or while its previous one is still processed (429). */
  | { outcome: 'rate-limited'; message: string; retryAfterSeconds: number }
  /** An image upload while this instance's decode slots and queue are full (503). */
  | { outcome: 'busy'; message: string; retryAfterSeconds: number }
  | { outcome: 'no-profile' };

type Edit<Request, Answer> = (deps: Deps, profileId: string, body: Request) => Promise<EditOutcome<Answer>>;

type GymEdits = { [F in keyof GymAccountRequests]: Edit<GymAccountRequests[F], GymAccountResponses[F]> };
type CoachEdits = { [F in keyof CoachAccountRequests]: Edit<CoachAccountRequests[F], CoachAccountResponses[F]> };

type ProfileOf<K extends PayeeKind> = K extends 'gym' ? GymProfileDoc : CoachProfileDoc;

/** Writes a change to a gym or coach profile with its status, answering the field `pick` reads back. */
async function save<K extends PayeeKind, Answer>(
  deps: Deps,
  kind: K,
  profileId: string,
  change: (profile: ProfileOf<K>) => ProfileOf<K>,
  pick: (profile: ProfileOf<K>) => Answer,
): Promise<EditOutcome<Answer & { status: boolean; missingSteps: GoLiveStep[] }>> {
  const result = await updateWithGoLive(deps, kind, profileId, change);
  if (result.outcome === 'no-profile') return result;
  const { profile, missingSteps } = result;
  return { outcome: 'saved', answer: { ...pick(profile), status: profile.status, missingSteps } };
}

/** A price typed in pounds, in pence; refused with parsePounds' reason (design/decisions.md 29). */
function priceEdit<K extends PayeeKind, Field extends string>(
  kind: K,
  field: Field,
  set: (profile: ProfileOf<K>, pence: number) => ProfileOf<K>,
  get: (profile: ProfileOf<K>) => number,
) {
  return async (deps: Deps, profileId: string, typed: string | number) => {
    const parsed = parsePounds(typed);
    if (!parsed.ok) return { outcome: 'refused', message: parsed.reason } as const;
    return save(
      deps,
      kind,
      profileId,
      (p) => set(p, parsed.pence),
      (p) => ({ [field]: get(p) }) as { [F in Field]: number },
    );
  };
}

/**
 * A new profile image: taken in (counted, checked by its header, decoded in turn: image-intake.ts), stored, then put on the profile
 * by `put`, which answers the URL the profile holds and the one it replaced. The replaced image is
 * removed once the profile no longer points at it; an image whose profile has gone is removed again.
 */
async function imageEdit<Answer>(
  deps: Deps,
  kind: AccountKind,
  profileId: string,
  dataUrl: string,
  put: (url: string) => Promise<{ answer: Answer; replaced: string } | null>,
): Promise<EditOutcome<Answer>> {
  const prepared = await takeProfileImage(deps, kind, profileId, dataUrl);
  if (prepared.outcome !== 'ready') return prepared;
  const url = await storeProfileImage(deps.couch, kind, profileId, prepared, deps.now());
  const placed = await put(url);
  if (!placed) {
    await forgetProfileImage(deps.couch, url);
    return { outcome: 'no-profile' };
  }
  if (placed.replaced !== url) await forgetProfileImage(deps.couch, placed.replaced);
  return { outcome: 'saved', answer: placed.answer };
}

/** The image URL a gym or coach profile held before this edit set `url` (the last read that was written). */
async function putPayeeImage<K extends PayeeKind>(deps: Deps, kind: K, profileId: string, url: string) {
  let replaced = url;
  const saved = await save(
    deps,
    kind,
    profileId,
    (p) => {
      if (p.profileImage !== url) replaced = p.profileImage;
      return { ...p, profileImage: url };
    },
    (p) => ({ profileImage: p.profileImage }),
  );
  return saved.outcome === 'saved' ? { answer: saved.answer, replaced } : null;
}

export const gymEdits: GymEdits = {
  profileImage: (deps, gymId, { profileImage }) =>
    imageEdit(deps, 'gym', gymId, profileImage, (url) => putPayeeImage(deps, 'gym', gymId, url)),
  gym_name: (deps, gymId, { gymName }) =>
    save(
      deps,
      'gym',
      gymId,
      (p) => ({ ...p, gymName }),
      (p) => ({ gymName: p.gymName }),
    ),
  address: (deps, gymId, address) =>
    save(
      deps,
      'gym',
      gymId,
      (p) => ({
        ...p,
        address: {
          addressLineOne: address.addressLineOne,
          addressLineTwo: address.addressLineTwo,
          addressTownOrCity: address.addressTownOrCity,
          addressPostalCode: address.addressPostalCode,
        },
      }),
      (p) => ({ address: p.address }),
    ),
  bio: (deps, gymId, { bio }) =>
    save(
      deps,
      'gym',
      gymId,
      (p) => ({ ...p, bio }),
      (p) => ({ bio: p.bio }),
    ),
  adultDayPass: (deps, gymId, { adultDayPassPrice }) =>
    priceEdit(
      'gym',
      'adultDayPassPrice',
      (p, pence) => ({ ...p, adultDayPassPrice: pence }),
      (p) => p.adultDayPassPrice,
    )(deps, gymId, adultDayPassPrice),
  kidsDayPass: (deps, gymId, { kidsDayPassPrice }) =>
    priceEdit(
      'gym',
      'kidsDayPassPrice',
      (p, pence) => ({ ...p, kidsDayPassPrice: pence }),
      (p) => p.kidsDayPassPrice,
    )(deps, gymId, kidsDayPassPrice),
};

/** A social username (stored without '@'; the empty one clears the link), refused with its network's rule. */
function socialEdit<Field extends 'instagramUsername' | 'tiktokUsername' | 'youtubeUsername'>(
  network: SocialNetwork,
  field: Field,
) {
  return async (deps: Deps, coachId: string, typed: string) => {
    const parsed = parseSocialUsername(network, typed);
    if (!parsed.ok) return { outcome: 'refused', message: parsed.reason } as const;
    return save(
      deps,
      'coach',
      coachId,
      (p) => ({ ...p, [field]: parsed.username }),
      (p) => ({ [field]: p[field] }) as { [F in Field]: string },
    );
  };
}

export const coachEdits: CoachEdits = {
  profileImage: (deps, coachId, { profileImage }) =>
    imageEdit(deps, 'coach', coachId, profileImage, (url) => putPayeeImage(deps, 'coach', coachId, url)),
  discipline: (deps, coachId, { discipline }) =>
    save(
      deps,
      'coach',
      coachId,
      (p) => ({ ...p, discipline }),
      (p) => ({ discipline: p.discipline }),
    ),
  sessionPreferenceType: (deps, coachId, { sessionPreference }) =>
    save(
      deps,
      'coach',
      coachId,
      (p) => ({ ...p, sessionPreferenceType: sessionPreference }),
      (p) => ({ sessionPreferenceType: p.sessionPreferenceType }),
    ),
  first_name: (deps, coachId, { firstName }) =>
    save(
      deps,
      'coach',
      coachId,
      (p) => ({ ...p, firstName }),
      (p) => ({ firstName: p.firstName }),
    ),
  last_name: (deps, coachId, { lastName }) =>
    save(
      deps,
      'coach',
      coachId,
      (p) => ({ ...p, lastName }),
      (p) => ({ lastName: p.lastName }),
    ),
  price: (deps, coachId, { price }) =>
    priceEdit(
      'coach',
      'price',
      (p, pence) => ({ ...p, price: pence }),
      (p) => p.price,
    )(deps, coachId, price),
  'socials/instagram': (deps, coachId, { instagram_link }) =>
    socialEdit('instagram', 'instagramUsername')(deps, coachId, instagram_link),
  'socials/tiktok': (deps, coachId, { tiktok_username }) =>
    socialEdit('tiktok', 'tiktokUsername')(deps, coachId, tiktok_username),
  'socials/youtube': (deps, coachId, { youtube_username }) =>
    socialEdit('youtube', 'youtubeUsername')(deps, coachId, youtube_username),
};

/** POST /api/me/users/account/profileImage: the member's image (members have no Active status). */
export function editMemberImage(
  deps: Deps,
  memberId: string,
  { profileImage }: { profileImage: string },
): Promise<EditOutcome<UserProfileImageResponse>> {
  return imageEdit(deps, 'user', memberId, profileImage, async (url) => {
    let replaced = url;
    const saved = await updateProfile<UserProfileDoc>(deps.couch, 'user', memberId, (current) => {
      if (!current || current.profileImage === url) return null;
      replaced = current.profileImage;
      return { ...current, profileImage: url };
    });
    return saved?.type === 'user' ? { answer: { profileImage: saved.profileImage }, replaced } : null;
  });
}
