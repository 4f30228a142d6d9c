/**
 * Joi schemas of the account calls (§3 payloads, §5 rules). The patterns come from
 * rules/validation.ts, so the API refuses exactly what the PWA's forms refuse. Every message names
 * the field and the problem in words a person can act on; the server's failAction sends it as is.
 */
import { UNKNOWN_FIELD } from '@mastr/rules/texts.ts';
import Joi from 'joi';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { EMAIL_REGEX, MAX_NAME_LENGTH, PASSWORD_REGEX, isValidMobile } from '@mastr/rules/validation.ts';

/** Longest email a mailbox can have (RFC 5321 path limit). */
const MAX_EMAIL_LENGTH = 254;
/**
 * Sign-in accepts any password up to this length (older passwords need not match today's rule),
 * bounded so a huge body cannot be fed to the hash function.
 */
const MAX_SIGN_IN_PASSWORD_LENGTH = 256;
/** Room for '+44 7700 900 123 #1234' with spaces; the rule itself is checked after that. */
const MAX_MOBILE_LENGTH = 32;

export const MESSAGES = {
  email: 'Email must be a valid email address.',
  mobile: 'Mobile must be a valid UK mobile number: 10 digits, country code optional.',
  password: 'Password must be 8 to 24 characters with uppercase and lowercase letters, a number and one of ! @ # $ %.',
  terms: 'You must read and accept the Terms of Use.',
  details: 'You must confirm that your details are correct.',
  body: 'The request body must be a JSON object.',
} as const;

/** One clear message for every way a field can be wrong (missing, wrong type, empty, bad shape). */
function allErrors(message: string, codes: string[]): Record<string, string> {
  return Object.fromEntries(codes.map((code) => [code, message]));
}

const STRING_CODES = [
  'any.required',
  'string.base',
  'string.empty',
  'string.max',
  'string.pattern.base',
  'string.mobile',
];
const TRUE_CODES = ['any.required', 'boolean.base', 'any.only'];

const email = Joi.string()
  .trim()
  .lowercase()
  .max(MAX_EMAIL_LENGTH)
  .pattern(EMAIL_REGEX)
  .required()
  .messages(allErrors(MESSAGES.email, STRING_CODES));

const mobile = Joi.string()
  .trim()
  .max(MAX_MOBILE_LENGTH)
  .required()
  .custom((value: string, helpers) => (isValidMobile(value) ? value : helpers.error('string.mobile')))
  .messages(allErrors(MESSAGES.mobile, STRING_CODES))
  // Names the custom rule for tools reading the schema (the route fuzzer's arbitraries).
  .meta({ format: 'uk-mobile' });

const newPassword = Joi.string()
  .pattern(PASSWORD_REGEX)
  .required()
  .messages(allErrors(MESSAGES.password, STRING_CODES));

function name(label: string): Joi.StringSchema {
  return Joi.string()
    .trim()
    .max(MAX_NAME_LENGTH)
    .required()
    .messages({
      'any.required': `${label} is required.`,
      'string.empty': `${label} is required.`,
      'string.base': `${label} must be text.`,
      'string.max': `${label} must be at most ${MAX_NAME_LENGTH} characters.`,
    });
}

/** A checkbox that must be ticked: the boolean true, not 'true' or 1. */
function ticked(message: string): Joi.BooleanSchema {
  return Joi.boolean().strict().valid(true).messages(allErrors(message, TRUE_CODES));
}

function payload(keys: Record<string, Joi.Schema>): Joi.ObjectSchema {
  return Joi.object(keys)
    .required()
    .prefs({ errors: { wrap: { label: false } } })
    .messages({
      'object.base': MESSAGES.body,
      'any.required': MESSAGES.body,
      'object.unknown': UNKNOWN_FIELD,
    });
}

/**
 * §3 registration payloads. `detailsAreConfirmed` is required for members; the coach and gym wizards
 * show the same checkbox, so they may send it, and then it must be ticked too.
 */
export const registrationSchemas: Record<AccountKind, Joi.ObjectSchema> = {
  user: payload({
    firstName: name('First name'),
    email,
    mobile,
    pwd: newPassword,
    detailsAreConfirmed: ticked(MESSAGES.details).required(),
    termsOfUseAccepted: ticked(MESSAGES.terms).required(),
  }),
  coach: payload({
    firstName: name('First name'),
    lastName: name('Last name'),
    email,
    mobile,
    pwd: newPassword,
    detailsAreConfirmed: ticked(MESSAGES.details),
    termsOfUseAccepted: ticked(MESSAGES.terms).required(),
  }),
  gym: payload({
    gymName: name('Gym name'),
    email,
    mobile,
    pwd: newPassword,
    detailsAreConfirmed: ticked(MESSAGES.details),
    termsOfUseAccepted: ticked(MESSAGES.terms).required(),
  }),
};

/** What the registration routes hand to the service once joi has validated and trimmed it. */
export interface RegistrationPayload {
  firstName?: string;
  lastName?: string;
  gymName?: string;
  email: string;
  mobile: string;
  pwd: string;
}

/** §3 login payload {email, pwd}. */
export const signInPayloadSchema = payload({
  email,
  pwd: Joi.string()
    .min(1)
    .max(MAX_SIGN_IN_PASSWORD_LENGTH)
    .required()
    .messages({
      ...allErrors('Password is required.', ['any.required', 'string.base', 'string.empty']),
      'string.max': `Password must be at most ${MAX_SIGN_IN_PASSWORD_LENGTH} characters.`,
    }),
});

/** §3 forgotten-password payload {email}. */
export const emailOnlySchema = payload({ email });

/** §3 reset payload {pwd}: the new password must satisfy the rule. */
export const newPasswordSchema = payload({ pwd: newPassword });
