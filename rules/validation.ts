/**
 * Validation rules of §5, written once: the PWA's wizards use them to enable Next, the server's joi
 * schemas use the same regexes so a request the form would refuse is refused by the API too.
 */

/** Local part: letters, digits, dot, percent, plus, hyphen (and underscore, which the gym hint promises). */
export const EMAIL_REGEX = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/**
 * UK mobile: optional +44 (or the trunk 0), then 10 digits, optional extension '#' + 3-4 digits.
 * Spaces are allowed while typing and removed before checking (see normaliseMobile).
 */
const MOBILE_REGEX = /^(?:\+44|0)?\d{10}(?:#\d{3,4})?$/;

/** 8 to 24 characters with a lowercase, an uppercase, a digit and one of ! @ # $ %. */
export const PASSWORD_REGEX = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%])[A-Za-z\d!@#$%]{8,24}$/;

export const HINTS = {
  email: 'Must be a valid Email Address.',
  gymEmail: 'Must be a valid Email Address. Letters, numbers, underscores, hyphens allowed.',
  mobile: 'Must be a valid Mobile Number. Country Code Opitional; 10 digits.',
  password:
    '8 to 24 characters. Must include uppercase and lowercase letters, a number and a special character. Allowed special characters: ! @ # $ %',
  confirmPassword: 'Must match the first password field.',
} as const;

/** Emails are lower-cased as typed and before every lookup. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return EMAIL_REGEX.test(email.trim());
}

function stripSpaces(mobile: string): string {
  return mobile.replace(/[\s()-]/g, '');
}

export function isValidMobile(mobile: string): boolean {
  return MOBILE_REGEX.test(stripSpaces(mobile));
}

/**
 * The 10 national digits (+44 / trunk 0 and extension removed): the key that makes
 * '+44 7700 900123' and '07700900123' the same number for the "mobile taken" check.
 */
export function normaliseMobile(mobile: string): string {
  const compact = stripSpaces(mobile).split('#')[0];
  const digits = compact.replace(/^\+44/, '');
  return digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : digits;
}

export function isValidPassword(pwd: string): boolean {
  return PASSWORD_REGEX.test(pwd);
}

export function isNonEmptyName(name: string): boolean {
  return name.trim().length > 0;
}

/** Longest name we store; the forms and the API agree on it. */
export const MAX_NAME_LENGTH = 80;
