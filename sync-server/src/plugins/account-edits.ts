import { MISSING_ACCOUNT_OR_PROFILE_ID, PRICE_IN_POUNDS, UNKNOWN_FIELD } from '@mastr/rules/texts.ts';
import Boom from '@hapi/boom';
import type { Request, ResponseToolkit, RouteOptionsPayload } from '@hapi/hapi';
import Joi from 'joi';
import type {
  CoachAccountRequests,
  CoachAccountResponses,
  GymAccountRequests,
  GymAccountResponses,
} from '@mastr/rules/api/account.ts';
import type { ApiResponse, ApiRouteKey } from '@mastr/rules/api/routes.ts';
import {
  MAX_ADDRESS_LINE_LENGTH,
  MAX_BIO_LENGTH,
  MAX_SOCIAL_INPUT_LENGTH,
  normalisePostcode,
} from '@mastr/rules/account-fields.ts';
import { COACH_DISCIPLINES, SESSION_PREFERENCES } from '@mastr/rules/constants.ts';
import { MAX_NAME_LENGTH } from '@mastr/rules/validation.ts';
import type { Deps } from '../deps.ts';
import { coachEdits, editMemberImage, gymEdits, type EditOutcome, IMAGE_REFUSALS } from '../services/accounts/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

type AccountEditKey = Extract<ApiRouteKey, `POST /api/me/${string}/account/${string}`>;
type GymEditAnswer = GymAccountResponses[keyof GymAccountResponses];
type CoachEditAnswer = CoachAccountResponses[keyof CoachAccountResponses];

/**
 * Room for a data URL of MAX_PROFILE_IMAGE_BYTES (base64 is 4/3 of the bytes) and its JSON
 * wrapping; only the image routes accept a body this large. Between 5 MB of image and this, the
 * service answers 413; beyond it, Hapi does (with the same message).
 */
const MAX_IMAGE_BODY_BYTES = 7 * 1024 * 1024;
/** Longest text read as a price: '£10000.00' with room for spaces. */
const MAX_PRICE_INPUT_LENGTH = 32;

function text(label: string, max: number): Joi.StringSchema {
  return Joi.string()
    .trim()
    .max(max)
    .required()
    .messages({
      'any.required': MISSING_ACCOUNT_OR_PROFILE_ID,
      'string.empty': MISSING_ACCOUNT_OR_PROFILE_ID,
      'string.base': `${label} must be text.`,
      'string.max': `${label} must be at most ${max} characters.`,
    });
}

function oneOf(label: string, values: readonly string[]): Joi.StringSchema {
  return Joi.string()
    .trim()
    .empty('')
    .required()
    .valid(...values)
    .messages({
      'any.required': MISSING_ACCOUNT_OR_PROFILE_ID,
      'string.empty': MISSING_ACCOUNT_OR_PROFILE_ID,
      'string.base': `${label} must be text.`,
      'any.only': `${label} must be one of: ${values.join(', ')}.`,
    });
}

/** Pounds as typed (text) or a number; read by parsePounds in the service, which gives its own reasons. */
const price = Joi.any()
  .required()
  .custom((value: unknown, helpers) => {
    if (typeof value === 'number') return value;
    if (typeof value !== 'string') return helpers.error('any.invalid');
    const typed = value.trim();
    if (typed === '') return helpers.error('string.empty');
    if (typed.length > MAX_PRICE_INPUT_LENGTH) return helpers.error('any.invalid');
    return typed;
  })
  .messages({
    'any.required': MISSING_ACCOUNT_OR_PROFILE_ID,
    'string.empty': MISSING_ACCOUNT_OR_PROFILE_ID,
    'any.invalid': PRICE_IN_POUNDS,
  })
  // Names the custom rule for tools reading the schema (the route fuzzer's arbitraries).
  .meta({ format: 'pounds' });

/** The empty username is Remove (REMOVED_SOCIAL); the service checks the network's rule. */
const social = Joi.string()
  .allow('')
  .max(MAX_SOCIAL_INPUT_LENGTH)
  .required()
  .messages({
    'any.required': MISSING_ACCOUNT_OR_PROFILE_ID,
    'string.base': 'The username must be text.',
    'string.max': `The username must be at most ${MAX_SOCIAL_INPUT_LENGTH} characters.`,
  });

const image = Joi.string().max(MAX_IMAGE_BODY_BYTES).required().messages({
  'any.required': MISSING_ACCOUNT_OR_PROFILE_ID,
  'string.empty': MISSING_ACCOUNT_OR_PROFILE_ID,
  'string.base': IMAGE_REFUSALS.notAnImage,
  'string.max': IMAGE_REFUSALS.tooLarge,
});

const postcode = text('Postcode', 16)
  .custom((value: string, helpers) => normalisePostcode(value) ?? helpers.error('string.postcode'))
  .messages({ 'string.postcode': 'Postcode must be a UK postcode, e.g. SE1 2HH.' });

function body(keys: Record<string, Joi.Schema>): Joi.ObjectSchema {
  return Joi.object(keys)
    .required()
    .prefs({ errors: { wrap: { label: false } } })
    .messages({
      'object.base': MISSING_ACCOUNT_OR_PROFILE_ID,
      'any.required': MISSING_ACCOUNT_OR_PROFILE_ID,
      'object.unknown': UNKNOWN_FIELD,
    });
}

const GYM_BODIES: Record<keyof GymAccountRequests, Joi.ObjectSchema> = {
  profileImage: body({ profileImage: image }),
  gym_name: body({ gymName: text('Gym name', MAX_NAME_LENGTH) }),
  address: body({
    addressLineOne: text('Address line one', MAX_ADDRESS_LINE_LENGTH),
    addressLineTwo: text('Address line two', MAX_ADDRESS_LINE_LENGTH).allow('').optional().default(''),
    addressTownOrCity: text('Town or city', MAX_ADDRESS_LINE_LENGTH),
    addressPostalCode: postcode,
  }),
  bio: body({ bio: text('Bio', MAX_BIO_LENGTH) }),
  adultDayPass: body({ adultDayPassPrice: price }),
  kidsDayPass: body({ kidsDayPassPrice: price }),
};

const COACH_BODIES: Record<keyof CoachAccountRequests, Joi.ObjectSchema> = {
  profileImage: body({ profileImage: image }),
  discipline: body({ discipline: oneOf('Discipline', COACH_DISCIPLINES) }),
  sessionPreferenceType: body({ sessionPreference: oneOf('Session preference', SESSION_PREFERENCES) }),
  first_name: body({ firstName: text('First name', MAX_NAME_LENGTH) }),
  last_name: body({ lastName: text('Last name', MAX_NAME_LENGTH) }),
  price: body({ price }),
  'socials/instagram': body({ instagram_link: social }),
  'socials/tiktok': body({ tiktok_username: social }),
  'socials/youtube': body({ youtube_username: social }),
};

/** An image body too large for the route (Hapi's own 413) answers with the same words as the service's. */
const imagePayload: RouteOptionsPayload = {
  maxBytes: MAX_IMAGE_BODY_BYTES,
  failAction: async (_request: Request, _h: ResponseToolkit, err?: Error) => {
    if (Boom.isBoom(err) && err.output.statusCode === 413) throw Boom.entityTooLarge(IMAGE_REFUSALS.tooLarge);
    throw err ?? Boom.badRequest(MISSING_ACCOUNT_OR_PROFILE_ID);
  },
};

function retryLater(error: Boom.Boom, seconds: number): Boom.Boom {
  error.output.headers['Retry-After'] = String(seconds);
  return error;
}

function answer<A>(result: EditOutcome<A>): A {
  switch (result.outcome) {
    case 'saved':
      return result.answer;
    case 'refused':
      throw Boom.badRequest(result.message);
    case 'too-large':
      throw Boom.entityTooLarge(result.message);
    case 'rate-limited':
      throw retryLater(Boom.tooManyRequests(result.message), result.retryAfterSeconds);
    case 'busy':
      throw retryLater(Boom.serverUnavailable(result.message), result.retryAfterSeconds);
    case 'no-profile':
      throw Boom.badRequest(MISSING_ACCOUNT_OR_PROFILE_ID);
  }
}

/** Larger than MAX_PROFILE_IMAGE_BYTES in base64 (what the joi limit guards), answered as too large. */
const imageTooLargeForJoi = (err: unknown) =>
  err instanceof Joi.ValidationError &&
  err.details[0]?.type === 'string.max' &&
  err.details[0]?.path[0] === 'profileImage';

/**
 * Account edits (§7 "Gym account", "Coach account", the member's profile image; contract in
 * rules/api/account.ts): one POST per field, validated here, applied by account-edit-service.ts,
 * answered with the stored field and, for gyms and coaches, the status and what is still missing.
 * 400 with §8's text when a value is missing or empty, with a reason when it is there but wrong
 * (a price, a discipline, a username, an image, too many pixels); 413 for an image over 5 MB; for
 * images, 429 over the account's upload limit and 503 when this instance's decode queue is full,
 * both with Retry-After (design/security.md "Abuse: image uploads"); 401 without a token, 403 for
 * another role.
 */
export const accountEditsPlugin = contractPlugin('account-edits', (deps: Deps) => {
  /**
   * One field's route. Which body goes with which edit and answer is typed field by field in the service
   * (`gymEdits`, `coachEdits`); here the key, the body and the answer are checked as the family they are.
   */
  const route = (
    key: AccountEditKey,
    kind: 'user' | 'gym' | 'coach',
    schema: Joi.ObjectSchema,
    edit: (profileId: string, payload: never) => Promise<EditOutcome<ApiResponse<AccountEditKey>>>,
    isImage: boolean,
  ) =>
    defineRoute(key, {
      options: {
        auth: roleAccess(kind),
        ...(isImage ? { payload: imagePayload } : {}),
        validate: {
          payload: schema,
          failAction: async (_request, _h, err) => {
            if (imageTooLargeForJoi(err)) throw Boom.entityTooLarge(IMAGE_REFUSALS.tooLarge);
            throw Boom.badRequest(err instanceof Error ? err.message : MISSING_ACCOUNT_OR_PROFILE_ID);
          },
        },
      },
      async handler(request) {
        const { profileId } = credentialsOf(request).UserInfo;
        return answer(await edit(profileId, request.payload as never));
      },
    });

  return [
    ...(Object.keys(GYM_BODIES) as (keyof GymAccountRequests)[]).map((field) => {
      const edit = gymEdits[field] as (deps: Deps, id: string, body: never) => Promise<EditOutcome<GymEditAnswer>>;
      return route(
        `POST /api/me/gyms/account/${field}`,
        'gym',
        GYM_BODIES[field],
        (id, payload) => edit(deps, id, payload),
        field === 'profileImage',
      );
    }),
    ...(Object.keys(COACH_BODIES) as (keyof CoachAccountRequests)[]).map((field) => {
      const edit = coachEdits[field] as (deps: Deps, id: string, body: never) => Promise<EditOutcome<CoachEditAnswer>>;
      return route(
        `POST /api/me/coaches/account/${field}`,
        'coach',
        COACH_BODIES[field],
        (id, payload) => edit(deps, id, payload),
        field === 'profileImage',
      );
    }),
    route(
      'POST /api/me/users/account/profileImage',
      'user',
      body({ profileImage: image }),
      (id, payload) => editMemberImage(deps, id, payload),
      true,
    ),
  ];
});
