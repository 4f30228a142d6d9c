import { randomBytes } from 'node:crypto';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { registrationBody } from '../test-support/account-fixtures.ts';
import { nextIp } from '../test-support/sign-in-helpers.ts';
import { idOf, type Party, type PartyRole } from './access-world.ts';
import { type ExpectationTable, type MatrixCall } from './expectation-types.ts';

/** Sessions, registration, verification, password reset, profiles and the public directory. */

const KINDS: Array<{ kind: AccountKind; role: PartyRole; plural: string }> = [
  { kind: 'user', role: 'member', plural: 'users' },
  { kind: 'coach', role: 'coach', plural: 'coaches' },
  { kind: 'gym', role: 'gym', plural: 'gyms' },
];

/** A refresh cookie naming the victim's live session with a secret the caller made up. */
const forgedCookie = (victim: Party, role: PartyRole) => ({
  cookie: `jwt=${victim.sessionIds[role]}.${randomBytes(32).toString('base64url')}`,
});
const randomToken = () => randomBytes(32).toString('hex');
const PNG_DOT =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const own = (url: string, payload?: unknown): MatrixCall[] => [{ url, payload }];

export const accountExpectations: ExpectationTable = {
  'GET /api/refresh': {
    audience: 'public',
    calls: (v) => KINDS.map(({ role }) => ({ url: '/api/refresh', headers: forgedCookie(v, role) })),
    answers: [401],
  },
  'GET /api/auth/user/google': { audience: 'public', calls: () => own('/api/auth/user/google'), answers: [501] },
  'GET /api/payments/mode': { audience: 'public', calls: () => own('/api/payments/mode'), answers: [200] },
  'GET /api/health': { audience: 'public', calls: () => own('/api/health'), answers: [200] },
  'POST /api/stripe/webhook': {
    audience: 'public',
    // Unsigned: what anyone but Stripe can send.
    calls: (v) =>
      own('/api/stripe/webhook', {
        type: 'checkout.session.completed',
        data: { object: { metadata: { gymId: v.gymId, memberId: v.memberId } } },
      }),
    answers: [400],
  },
  'GET /api/gyms': { audience: 'public', calls: () => own('/api/gyms'), answers: [200] },
  'GET /api/coaches': { audience: 'public', calls: () => own('/api/coaches'), answers: [200] },
  'GET /api/gyms/{id}': { audience: 'public', calls: (v) => own(`/api/gyms/${v.gymId}`), answers: [200] },
  'GET /api/coaches/{id}': { audience: 'public', calls: (v) => own(`/api/coaches/${v.coachId}`), answers: [200] },
  'GET /api/images/{kind}/{profileId}/{version}.webp': {
    audience: 'public',
    calls: (v) => own(`/api/images/gym/${v.gymId}/${randomToken().slice(0, 16)}.webp`),
    answers: [404],
  },
  'POST /api/me/users/account/profileImage': {
    audience: 'member',
    calls: () => own('/api/me/users/account/profileImage', { profileImage: PNG_DOT }),
    answers: [200],
  },
  ...Object.fromEntries(
    KINDS.flatMap(({ kind, role, plural }) => [
      [
        `POST /api/auth/${kind}`,
        {
          audience: 'public',
          calls: (v: Party) => [
            { url: `/api/auth/${kind}`, payload: { email: v.emails[role], pwd: 'Gu3ss!ng' }, remoteAddress: nextIp() },
          ],
          answers: [401],
        },
      ],
      [
        `GET /api/logout/${kind}`,
        {
          audience: 'public',
          calls: (v: Party) => [{ url: `/api/logout/${kind}`, headers: forgedCookie(v, role) }],
          answers: [204],
        },
      ],
      [
        `POST /api/register/${kind}`,
        {
          audience: 'public',
          calls: (v: Party) => [
            {
              url: `/api/register/${kind}`,
              payload: registrationBody(kind, { email: v.emails[role] }),
              remoteAddress: nextIp(),
            },
          ],
          answers: [409, 429],
        },
      ],
      [
        `GET /api/${plural}/{id}/verify/{token}`,
        {
          audience: 'public',
          calls: (v: Party) => own(`/api/${plural}/${idOf(v, role)}/verify/${randomToken()}`),
          answers: [404],
        },
      ],
      [
        `POST /api/${plural}/password-reset`,
        {
          audience: 'public',
          // Anyone may ask for a reset mail to any address: it goes to the owner, who may ignore it.
          calls: (v: Party) => [
            { url: `/api/${plural}/password-reset`, payload: { email: v.emails[role] }, remoteAddress: nextIp() },
          ],
          answers: [200, 429],
          touches: () => ['token:'],
        },
      ],
      [
        `GET /api/${plural}/password-reset/{id}/{token}`,
        {
          audience: 'public',
          calls: (v: Party) => own(`/api/${plural}/password-reset/${idOf(v, role)}/${randomToken()}`),
          answers: [404],
        },
      ],
      [
        `POST /api/${plural}/password-reset/{id}/{token}`,
        {
          audience: 'public',
          calls: (v: Party) =>
            own(`/api/${plural}/password-reset/${idOf(v, role)}/${randomToken()}`, { pwd: 'N3w!Passw0rd' }),
          answers: [404],
        },
      ],
      [`GET /api/me/${plural}`, { audience: role, calls: () => own(`/api/me/${plural}`), answers: [200] }],
      [
        `DELETE /api/me/${plural}`,
        {
          audience: role,
          calls: () => own(`/api/me/${plural}`),
          answers: [204],
          endsCaller: true,
          // Leaving withdraws what the caller had asked of the other party during the matrix.
          touches: (v: Party, c: Party | null) => [
            'gym-request:',
            'notification:',
            `membership:${v.gymId}:${c?.coachId}`,
          ],
        },
      ],
    ]),
  ),
  ...Object.fromEntries(
    Object.entries({
      profileImage: { profileImage: PNG_DOT },
      gym_name: { gymName: 'Renamed Gym' },
      address: {
        addressLineOne: '2 Low Street',
        addressLineTwo: '',
        addressTownOrCity: 'York',
        addressPostalCode: 'YO1 7HH',
      },
      bio: { bio: 'Open mat on Sundays.' },
      adultDayPass: { adultDayPassPrice: 1600 },
      kidsDayPass: { kidsDayPassPrice: 900 },
    }).map(([field, body]) => [
      `POST /api/me/gyms/account/${field}`,
      { audience: 'gym', calls: () => own(`/api/me/gyms/account/${field}`, body), answers: [200] },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries({
      profileImage: { profileImage: PNG_DOT },
      discipline: { discipline: 'Judo' },
      sessionPreferenceType: { sessionPreference: 'Dual Sessions' },
      first_name: { firstName: 'Robin' },
      last_name: { lastName: 'Hood' },
      price: { price: 5000 },
      'socials/instagram': { instagram_link: 'https://www.instagram.com/robin' },
      'socials/tiktok': { tiktok_username: 'robin' },
      'socials/youtube': { youtube_username: 'robin' },
    }).map(([field, body]) => [
      `POST /api/me/coaches/account/${field}`,
      { audience: 'coach', calls: () => own(`/api/me/coaches/account/${field}`, body), answers: [200] },
    ]),
  ),
  'POST /api/stripe/gym/express_onboarding_link': {
    audience: 'gym',
    calls: () => own('/api/stripe/gym/express_onboarding_link'),
    answers: [200],
  },
  'POST /api/stripe/gym/express_login_link': {
    audience: 'gym',
    calls: () => own('/api/stripe/gym/express_login_link'),
    answers: [200],
  },
  'POST /api/stripe/coach/express_onboarding_link': {
    audience: 'coach',
    calls: () => own('/api/stripe/coach/express_onboarding_link'),
    answers: [200],
  },
  'POST /api/stripe/coach/express_login_link': {
    audience: 'coach',
    calls: () => own('/api/stripe/coach/express_login_link'),
    answers: [200],
  },
  'POST /api/subscriptions/gyms/basicPlan': {
    audience: 'gym',
    calls: () => own('/api/subscriptions/gyms/basicPlan'),
    answers: [200, 400, 409],
  },
  'POST /api/subscriptions/gyms/customerPortal': {
    audience: 'gym',
    // The fixtures' gyms are marked subscribed without a Stripe subscription: nothing to manage (400).
    calls: () => own('/api/subscriptions/gyms/customerPortal'),
    answers: [200, 400],
  },
  // Any path the server does not know: the PWA shell for GET (404 while the PWA is not built), a JSON 404 under /api.
  'GET /{param*}': { audience: 'public', calls: (v) => own(`/userdashboard/${v.memberId}`), answers: [200, 404] },
  '* /api/{param*}': {
    audience: 'public',
    calls: (v) => [
      { method: 'PUT', url: `/api/me/users/${v.memberId}`, payload: { name: 'x' } },
      { method: 'DELETE', url: `/api/gyms/${v.gymId}` },
      { method: 'PATCH', url: `/api/coaches/${v.coachId}`, payload: { price: 1 } },
    ],
    answers: [404],
  },
};
