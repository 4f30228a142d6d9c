/**
 * Bounds and shapes of the editable account fields (§7 "Gym account", "Coach account", the member's
 * profile image). Pure: the server refuses what is outside them, the PWA's forms can show the same
 * limits. Names use MAX_NAME_LENGTH (validation.ts), prices parsePounds (money.ts).
 */

/** A gym's bio. */
export const MAX_BIO_LENGTH = 2000;
/** Address line one, line two, town or city. */
export const MAX_ADDRESS_LINE_LENGTH = 100;

/** The largest profile image accepted, in bytes of the image itself (not of its data URL). */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;
/** The longest side of a stored profile image: larger ones are scaled down to fit. */
export const PROFILE_IMAGE_SIZE = 512;

/** A UK postcode: outward code (A9, A99, AA9, AA99, A9A, AA9A), optional space, inward code (9AA). */
const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/;

/** The postcode in capitals with one space before the inward code ('se12hh' gives 'SE1 2HH'), or null if it is not one. */
export function normalisePostcode(typed: string): string | null {
  const match = UK_POSTCODE.exec(typed.trim().toUpperCase());
  return match ? `${match[1]} ${match[2]}` : null;
}

export type SocialNetwork = 'instagram' | 'tiktok' | 'youtube';

interface SocialRule {
  /** What a username may be made of, as each network allows it. */
  pattern: RegExp;
  /** The profile link's site; a pasted profile link is read back to its username. */
  host: string;
  refusal: string;
}

const SOCIAL_RULES: Record<SocialNetwork, SocialRule> = {
  instagram: {
    pattern: /^[A-Za-z0-9._]{1,30}$/,
    host: 'instagram.com',
    refusal: 'Instagram usernames are up to 30 letters, numbers, full stops and underscores.',
  },
  tiktok: {
    pattern: /^[A-Za-z0-9._]{2,24}$/,
    host: 'tiktok.com',
    refusal: 'TikTok usernames are 2 to 24 letters, numbers, full stops and underscores.',
  },
  youtube: {
    pattern: /^[A-Za-z0-9._-]{3,30}$/,
    host: 'youtube.com',
    refusal: 'YouTube handles are 3 to 30 letters, numbers, full stops, hyphens and underscores.',
  },
};

/** Longest text read as a username or profile link. */
export const MAX_SOCIAL_INPUT_LENGTH = 200;

/** The first path segment of a profile link on the network's site ('https://www.instagram.com/name/' gives 'name'). */
function usernameInLink(typed: string, host: string): string | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(typed) ? typed : `https://${typed}`);
  } catch {
    return null;
  }
  const hostname = url.hostname.toLowerCase();
  if (hostname !== host && !hostname.endsWith(`.${host}`)) return null;
  return url.pathname.split('/').filter(Boolean)[0] ?? null;
}

export type SocialParse = { ok: true; username: string } | { ok: false; reason: string };

/**
 * A social username as typed: 'name', '@name' or a link to the profile; stored without the '@'.
 * The empty text (what Remove posts, rules/api/account.ts REMOVED_SOCIAL) clears the link.
 */
export function parseSocialUsername(network: SocialNetwork, typed: string): SocialParse {
  const rule = SOCIAL_RULES[network];
  const text = typed.trim();
  if (text === '') return { ok: true, username: '' };
  if (text.length > MAX_SOCIAL_INPUT_LENGTH) return { ok: false, reason: rule.refusal };
  const candidate = text.includes('/') ? usernameInLink(text, rule.host) : text;
  const username = candidate?.replace(/^@/, '') ?? '';
  return rule.pattern.test(username) ? { ok: true, username } : { ok: false, reason: rule.refusal };
}
