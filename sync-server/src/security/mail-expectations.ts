import { randomBytes } from 'node:crypto';
import type { PartyRole } from './access-world.ts';
import type { ExpectationTable, MatrixCall } from './expectation-types.ts';

/** Email choices, the calendar link, one-click unsubscribe and the calendar feed (design/mail.md). */

const KINDS: Array<{ role: PartyRole; plural: string }> = [
  { role: 'member', plural: 'users' },
  { role: 'coach', plural: 'coaches' },
  { role: 'gym', plural: 'gyms' },
];
const own = (url: string, payload?: unknown): MatrixCall[] => [{ url, payload }];
/** A signature nobody made, in the shape of a real one (43 base64url characters). */
const forgedSignature = () => randomBytes(32).toString('base64url');

export const mailExpectations: ExpectationTable = {
  ...Object.fromEntries(
    KINDS.flatMap(({ role, plural }) => [
      [`GET /api/me/${plural}/mail`, { audience: role, calls: () => own(`/api/me/${plural}/mail`), answers: [200] }],
      [
        `POST /api/me/${plural}/mail`,
        { audience: role, calls: () => own(`/api/me/${plural}/mail`, { reminders: false }), answers: [200] },
      ],
      [
        `POST /api/me/${plural}/calendar`,
        { audience: role, calls: () => own(`/api/me/${plural}/calendar`), answers: [200] },
      ],
      [
        `DELETE /api/me/${plural}/calendar`,
        { audience: role, calls: () => own(`/api/me/${plural}/calendar`), answers: [200] },
      ],
    ]),
  ),
  // Anyone may post to an unsubscribe link, but only a token the server signed turns anything off.
  'POST /api/mail/unsubscribe/{token}': {
    audience: 'public',
    calls: (v) =>
      (['memberId', 'coachId', 'gymId'] as const).map((id) => ({
        url: `/api/mail/unsubscribe/${v[id]}.reminders.${forgedSignature()}`,
        payload: { 'List-Unsubscribe': 'One-Click' },
      })),
    answers: [404],
  },
  'GET /api/mail/unsubscribe/{token}': {
    audience: 'public',
    calls: (v) => own(`/api/mail/unsubscribe/${v.memberId}.requests.${forgedSignature()}`),
    answers: [303],
  },
  'GET /api/calendar/{token}.ics': {
    audience: 'public',
    calls: () => own(`/api/calendar/${forgedSignature()}.ics`),
    answers: [404],
  },
};
