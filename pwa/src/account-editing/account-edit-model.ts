/**
 * Editing an account (§2 "Account", §5, §7 "Gym account", "Coach account", the member's profile
 * image) and deleting it (Settings), as pure data: the fields each page edits, what a form may
 * submit, what an answer changes on screen, and the §8 texts of every failure.
 *
 * Each edit is one field (rules/api/account.ts). A form starts from the stored value and shows
 * Confirm only once a new, non-empty value is there (§5 "empty values are not submitted"). Prices are
 * typed in pounds and sent exactly as typed (§5); the server answers them in pence.
 */
import { MISSING_ACCOUNT_OR_PROFILE_ID } from '@mastr/rules/texts.ts';
import {
  REMOVED_SOCIAL,
  type CoachAccountRequests,
  type CoachAccountResponses,
  type GymAccountRequests,
  type GymAccountResponses,
} from '@mastr/rules/api/account.ts';
import type { CoachMe, GymMe } from '@mastr/rules/api/me.ts';
import { COACH_DISCIPLINES, SESSION_PREFERENCES } from '@mastr/rules/constants.ts';
import {
  MAX_ADDRESS_LINE_LENGTH,
  MAX_BIO_LENGTH,
  MAX_PROFILE_IMAGE_BYTES,
  MAX_SOCIAL_INPUT_LENGTH,
} from '@mastr/rules/account-fields.ts';
import type { Address } from '@mastr/rules/documents.ts';
import type { GoLiveStep } from '@mastr/rules/go-live.ts';
import { formatHourlyRate, formatPence } from '@mastr/rules/money.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { MAX_NAME_LENGTH } from '@mastr/rules/validation.ts';
import { ApiError, statusOf } from '../api/index.ts';

/** How a field is typed in. */
type InputKind = 'text' | 'textarea' | 'pounds' | 'select';

/** What every gym and coach edit answers besides the field (rules/api/account.ts). */
export interface AfterEdit {
  status: boolean;
  missingSteps: GoLiveStep[];
}

/**
 * The go-live facts an edit's answer carries (gym and coach edits; a member's has none), to merge
 * into the shared profile with the field: the status badge and the home's checklist then follow the
 * edit without a reload.
 */
export function afterEditPatch(answer: unknown): Partial<AfterEdit> {
  if (typeof answer !== 'object' || answer === null) return {};
  const { status, missingSteps } = answer as Partial<AfterEdit>;
  return typeof status === 'boolean' && Array.isArray(missingSteps) ? { status, missingSteps } : {};
}

/** One single-value field of an account page. */
export interface FieldDef<P, Req, Res> {
  /** The input's accessible name; its form is named `Edit {label}`. */
  label: string;
  input: InputKind;
  /** The choices of a select. */
  options?: readonly string[];
  maxLength?: number;
  autoComplete?: string;
  /** Shown under the input and read with it. */
  hint?: string;
  /** The stored value as the text the input starts from. */
  current(profile: P): string;
  /** The request body for the value as typed. */
  body(value: string): Req;
  /** What the answer changes in the profile on screen, and the stored value as it is shown. */
  saved(answer: Res): { patch: Partial<P>; shown: string };
}

type FieldDefs<P, Req, Res, F extends keyof Req & keyof Res> = { [K in F]: FieldDef<P, Req[K], Res[K]> };

const POUNDS_HINT = 'In pounds, e.g. 12 or 8.50.';

/** A stored price in pence as the pounds text a form starts from: 1250 → '12.50', 1200 → '12', 0 → ''. */
export function poundsText(pence: number | null | undefined): string {
  if (!Number.isFinite(pence) || !pence || pence <= 0) return '';
  return formatPence(pence).replace(/^£/, '');
}

/** Names, bios and usernames are sent without surrounding spaces; prices as typed (§5). */
const trimmed = (value: string) => value.trim();

export const GYM_FIELDS: FieldDefs<
  GymMe,
  GymAccountRequests,
  GymAccountResponses,
  'gym_name' | 'bio' | 'adultDayPass' | 'kidsDayPass'
> = {
  gym_name: {
    label: 'Gym Name',
    input: 'text',
    maxLength: MAX_NAME_LENGTH,
    autoComplete: 'organization',
    current: (gym) => gym.gymName ?? '',
    body: (value) => ({ gymName: trimmed(value) }),
    saved: (answer) => ({ patch: { gymName: answer.gymName }, shown: answer.gymName }),
  },
  bio: {
    label: 'Bio',
    input: 'textarea',
    maxLength: MAX_BIO_LENGTH,
    autoComplete: 'off',
    current: (gym) => gym.bio ?? '',
    body: (value) => ({ bio: trimmed(value) }),
    saved: (answer) => ({ patch: { bio: answer.bio }, shown: answer.bio }),
  },
  adultDayPass: {
    label: 'Adult Day Pass Price',
    input: 'pounds',
    hint: POUNDS_HINT,
    current: (gym) => poundsText(gym.adultDayPassPrice),
    body: (value) => ({ adultDayPassPrice: value }),
    saved: (answer) => ({
      patch: { adultDayPassPrice: answer.adultDayPassPrice },
      shown: formatPence(answer.adultDayPassPrice),
    }),
  },
  kidsDayPass: {
    label: 'Kids Day Pass Price',
    input: 'pounds',
    hint: POUNDS_HINT,
    current: (gym) => poundsText(gym.kidsDayPassPrice),
    body: (value) => ({ kidsDayPassPrice: value }),
    saved: (answer) => ({
      patch: { kidsDayPassPrice: answer.kidsDayPassPrice },
      shown: formatPence(answer.kidsDayPassPrice),
    }),
  },
};

export const COACH_FIELDS: FieldDefs<
  CoachMe,
  CoachAccountRequests,
  CoachAccountResponses,
  'first_name' | 'last_name' | 'discipline' | 'sessionPreferenceType' | 'price'
> = {
  first_name: {
    label: 'First Name',
    input: 'text',
    maxLength: MAX_NAME_LENGTH,
    autoComplete: 'given-name',
    current: (coach) => coach.firstName ?? '',
    body: (value) => ({ firstName: trimmed(value) }),
    saved: (answer) => ({ patch: { firstName: answer.firstName }, shown: answer.firstName }),
  },
  last_name: {
    label: 'Last Name',
    input: 'text',
    maxLength: MAX_NAME_LENGTH,
    autoComplete: 'family-name',
    current: (coach) => coach.lastName ?? '',
    body: (value) => ({ lastName: trimmed(value) }),
    saved: (answer) => ({ patch: { lastName: answer.lastName }, shown: answer.lastName }),
  },
  discipline: {
    label: 'Discipline',
    input: 'select',
    options: COACH_DISCIPLINES,
    current: (coach) => coach.discipline ?? '',
    body: (value) => ({ discipline: value }),
    saved: (answer) => ({ patch: { discipline: answer.discipline }, shown: answer.discipline }),
  },
  sessionPreferenceType: {
    label: 'Session Preference',
    input: 'select',
    options: SESSION_PREFERENCES,
    current: (coach) => coach.sessionPreferenceType ?? '',
    body: (value) => ({ sessionPreference: value }),
    saved: (answer) => ({
      patch: { sessionPreferenceType: answer.sessionPreferenceType },
      shown: answer.sessionPreferenceType,
    }),
  },
  price: {
    label: 'Hourly Price',
    input: 'pounds',
    hint: 'Per hour, in pounds, e.g. 40 or 37.50.',
    current: (coach) => poundsText(coach.price),
    body: (value) => ({ price: value }),
    saved: (answer) => ({ patch: { price: answer.price }, shown: formatHourlyRate(answer.price) }),
  },
};

/** A coach's social network: its username field, and what Remove posts (§7's fixed placeholder). */
export interface SocialDef<F extends keyof CoachAccountRequests & keyof CoachAccountResponses> {
  network: 'Instagram' | 'TikTok' | 'YouTube';
  field: FieldDef<CoachMe, CoachAccountRequests[F], CoachAccountResponses[F]>;
  /** What Remove posts: REMOVED_SOCIAL, the contract's "no link". */
  removeBody(): CoachAccountRequests[F];
}

function socialField<F extends 'socials/instagram' | 'socials/tiktok' | 'socials/youtube'>(
  network: SocialDef<F>['network'],
  current: (coach: CoachMe) => string,
  body: (username: string) => CoachAccountRequests[F],
  saved: (answer: CoachAccountResponses[F]) => { patch: Partial<CoachMe>; shown: string },
): SocialDef<F> {
  return {
    network,
    field: {
      label: `${network} Username`,
      input: 'text',
      maxLength: MAX_SOCIAL_INPUT_LENGTH,
      autoComplete: 'off',
      hint: 'Your username, or a link to your profile.',
      current: (coach) => current(coach) ?? '',
      body: (value) => body(value.trim().replace(/^@/, '')),
      saved,
    },
    removeBody: () => body(REMOVED_SOCIAL),
  };
}

export const SOCIALS = {
  instagram: socialField<'socials/instagram'>(
    'Instagram',
    (coach) => coach.instagramUsername,
    (username) => ({ instagram_link: username }),
    (answer) => ({ patch: { instagramUsername: answer.instagramUsername }, shown: answer.instagramUsername }),
  ),
  tiktok: socialField<'socials/tiktok'>(
    'TikTok',
    (coach) => coach.tiktokUsername,
    (username) => ({ tiktok_username: username }),
    (answer) => ({ patch: { tiktokUsername: answer.tiktokUsername }, shown: answer.tiktokUsername }),
  ),
  youtube: socialField<'socials/youtube'>(
    'YouTube',
    (coach) => coach.youtubeUsername,
    (username) => ({ youtube_username: username }),
    (answer) => ({ patch: { youtubeUsername: answer.youtubeUsername }, shown: answer.youtubeUsername }),
  ),
};

/**
 * Confirm shows only when there is a value to send (§5): something other than spaces, and not what
 * is stored already (nothing would change).
 */
export function canConfirm(value: string, stored: string): boolean {
  const typed = value.trim();
  return typed !== '' && typed !== stored.trim();
}

/** The options a select shows: a prompt first while nothing (or something no longer offered) is chosen. */
export function selectOptions(
  options: readonly string[],
  value: string,
): { value: string; label: string; disabled?: boolean }[] {
  const list = options.map((option) => ({ value: option, label: option }));
  return options.includes(value) ? list : [{ value: '', label: 'Choose...', disabled: true }, ...list];
}

// ---- Address (gym) ----

export const ADDRESS_LINES: readonly { key: keyof Address; label: string; autoComplete: string; maxLength: number }[] =
  [
    {
      key: 'addressLineOne',
      label: 'Address Line One',
      autoComplete: 'address-line1',
      maxLength: MAX_ADDRESS_LINE_LENGTH,
    },
    {
      key: 'addressLineTwo',
      label: 'Address Line Two',
      autoComplete: 'address-line2',
      maxLength: MAX_ADDRESS_LINE_LENGTH,
    },
    {
      key: 'addressTownOrCity',
      label: 'Town or City',
      autoComplete: 'address-level2',
      maxLength: MAX_ADDRESS_LINE_LENGTH,
    },
    { key: 'addressPostalCode', label: 'Postal Code', autoComplete: 'postal-code', maxLength: 16 },
  ];

const EMPTY_ADDRESS: Address = { addressLineOne: '', addressLineTwo: '', addressTownOrCity: '', addressPostalCode: '' };

/** The stored address with every line present (older profiles may lack one). */
export function storedAddress(address: Partial<Address> | null | undefined): Address {
  return { ...EMPTY_ADDRESS, ...Object.fromEntries(Object.entries(address ?? {}).filter(([, v]) => v != null)) };
}

/** Address lines are sent without surrounding spaces; line two may be empty. */
export function addressBody(draft: Address): Address {
  return {
    addressLineOne: draft.addressLineOne.trim(),
    addressLineTwo: draft.addressLineTwo.trim(),
    addressTownOrCity: draft.addressTownOrCity.trim(),
    addressPostalCode: draft.addressPostalCode.trim().toUpperCase(),
  };
}

/** Confirm shows once some line has a value and the address differs from the stored one. */
export function canConfirmAddress(draft: Address, stored: Address): boolean {
  const body = addressBody(draft);
  const before = addressBody(stored);
  const filled = Object.values(body).some((line) => line !== '');
  return filled && ADDRESS_LINES.some(({ key }) => body[key] !== before[key]);
}

// ---- Profile image ----

/** What the file input offers (§5 .jpeg, .png, .jpg; WebP too, which phones now save). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,.jpeg,.jpg,.png,.webp';
/** By file type, and by extension when the browser does not know the type. */
const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
};
const IMAGE_EXTENSIONS: Record<string, string> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export type ImageCheck = { ok: true; mime: string } | { ok: false; reason: string };

/** Whether a chosen file can be sent: a JPEG, PNG or WebP of at most 5 MB. */
export function checkImageFile(file: { name: string; type: string; size: number }): ImageCheck {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const mime = file.type ? IMAGE_TYPES[file.type.toLowerCase()] : IMAGE_EXTENSIONS[extension];
  if (!mime) return { ok: false, reason: 'Choose a JPEG, PNG or WebP image (.jpeg, .jpg, .png or .webp).' };
  if (file.size > MAX_PROFILE_IMAGE_BYTES) {
    const megabytes = (file.size / (1024 * 1024)).toFixed(1);
    return { ok: false, reason: `That image is ${megabytes} MB: choose one of 5 MB or less.` };
  }
  if (file.size === 0) return { ok: false, reason: 'That file is empty: choose another image.' };
  return { ok: true, mime };
}

/** A data URL read from the file, with the image type the check settled on (a browser may not know it). */
export function imageDataUrl(dataUrl: string, mime: string): string {
  return dataUrl.replace(/^data:[^;,]*/, `data:${mime}`);
}

// ---- What an edit says ----

/** The account's status after an edit, with what is still missing to be Active (rules/go-live.ts). */
export function statusText(after: AfterEdit): string {
  if (after.status) return 'Status: Active.';
  const steps = (after.missingSteps ?? []).map((step) => step.label);
  return steps.length > 0 ? `Status: Inactive. Still to do: ${steps.join('; ')}.` : 'Status: Inactive.';
}

/**
 * 'Gym Name saved: Iron Temple. Status: Active.'; a value saved empty reads as 'not set', and one
 * that already ends a sentence ('Open every night.') gets no second full stop.
 */
export function savedText(label: string, shown: string, after?: AfterEdit): string {
  const value = shown.trim() === '' ? 'not set' : shown.trimEnd();
  const saved = `${label} saved: ${value}${/[.!?]$/.test(value) ? '' : '.'}`;
  return after ? `${saved} ${statusText(after)}` : saved;
}

/** After a social's Remove. */
export function removedText(network: string, after: AfterEdit): string {
  return `${network} removed. ${statusText(after)}`;
}

export function imageSavedText(after?: AfterEdit): string {
  return after ? `Profile image saved. ${statusText(after)}` : 'Profile image saved.';
}

export const EDIT_TEXTS = {
  offline: 'You are offline: changes need a connection to Mastr.',
  noResponse: 'No Server Response. Changes need a connection to Mastr; nothing was changed.',
  missing: MISSING_ACCOUNT_OR_PROFILE_ID,
  unauthorized: 'Unauthorized',
  failed: 'Edit Coach Failed',
  tooLarge: 'That image is too large to send: choose one of 5 MB or less.',
} as const;

/** A 400's message names what was refused (a price, a discipline...) unless it is the bare status text. */
function specificReason(err: unknown): string {
  const message = err instanceof ApiError ? err.message.trim() : '';
  return /^(bad request|invalid request( payload input)?)?$/i.test(message) ? '' : message;
}

/**
 * §8 "Account and profile edits": 400 'Missing ID's, Account or Profile', or the server's reason when
 * it gives one (e.g. why a price was refused); 401 'Unauthorized'; anything else 'Edit Coach Failed'
 * (the catalogue's one text for every kind). No answer: 'No Server Response.', and plainly that the
 * device is offline when it is.
 */
export function editErrorText(err: unknown, online: boolean): string {
  const status = statusOf(err);
  if (status === 0) return online ? EDIT_TEXTS.noResponse : EDIT_TEXTS.offline;
  if (status === 400) return specificReason(err) || EDIT_TEXTS.missing;
  if (status === 401) return EDIT_TEXTS.unauthorized;
  if (status === 413) return specificReason(err) || EDIT_TEXTS.tooLarge;
  return EDIT_TEXTS.failed;
}

// ---- Deleting the account (Settings) ----

export const DELETE_TEXTS = {
  offline: 'You are offline: deleting your account needs a connection to Mastr. Nothing was deleted.',
  noResponse: 'No Server Response. Nothing was deleted.',
  failed: 'Delete Account Failed',
  /** A server failure part-way leaves the account signed in; calling again finishes the deletion. */
  unfinished: 'Delete Account Failed. Part of it may be done already: try again to finish.',
} as const;

/** §8-style: 400 the server's reason or 'Missing ID's, Account or Profile'; 401 'Unauthorized'; a 409 says why; else 'Delete Account Failed'. */
export function deleteErrorText(err: unknown, online: boolean): string {
  const status = statusOf(err);
  if (status === 0) return online ? DELETE_TEXTS.noResponse : DELETE_TEXTS.offline;
  if (status === 400) return specificReason(err) || EDIT_TEXTS.missing;
  if (status === 401) return EDIT_TEXTS.unauthorized;
  if (status === 409) return specificReason(err) || DELETE_TEXTS.failed;
  return status >= 500 ? DELETE_TEXTS.unfinished : DELETE_TEXTS.failed;
}

/** What deleting the account does, for the confirmation (design/decisions.md "Deleting an account"). */
export function deletionConsequences(kind: AccountKind): string[] {
  const dealings: Record<AccountKind, string> = {
    user: 'Your day passes for later days and your unused Mastr Class passes are cancelled and refunded in full, and your PT requests still to come are withdrawn.',
    gym: "Your gym leaves Mastr at once: every day pass and Mastr Class pass not used yet (today's included) is cancelled and refunded in full, PT requests still to come are withdrawn, your coaches' memberships end and your Basic plan is cancelled.",
    coach:
      'You leave Mastr at once: your PT requests still to come are declined, so the members are not charged, and your memberships of gyms end.',
  };
  return [
    'Your personal details (name, email, mobile, profile image and the rest of your profile) are erased.',
    dealings[kind],
    'Records of payments are kept without your personal details, for as long as the law requires.',
    'You are signed out on every device. This cannot be undone.',
  ];
}
