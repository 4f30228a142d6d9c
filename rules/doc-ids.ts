/**
 * Every CouchDB document id, built and parsed here and nowhere else (design/data-model.md "Ids").
 * Ids start with their document's kind, so an `_all_docs` key range is a list by kind (the
 * prefixes below). Pure, for the PWA and the server alike: random ids are drawn by the server
 * (sync-server/src/couch/ids.ts), hashes for the auth ids are taken there too.
 */
import type {
  AvailabilityWeekDoc,
  BookingDoc,
  CheckInDoc,
  CheckInOutcomeDoc,
  CoachRequestDoc,
  DayPassDoc,
  GymRequestDoc,
  MastrClassDoc,
  MastrPassDoc,
  NotificationDoc,
  ScheduleWeekDoc,
  SigningKeysDoc,
  SlotClaimDoc,
} from './documents.ts';
import type { AccountKind } from './roles.ts';
import { normaliseEmail } from './validation.ts';

// ---- the id shape ---------------------------------------------------------------------------------

/** An id is 24 lowercase hex characters: this without anchors, to build a larger pattern from. */
export const ID_SOURCE = '[a-f0-9]{24}';

/** An id of accounts, profiles, passes, requests (and a valid CouchDB database-name suffix). */
export const ID_PATTERN = new RegExp(`^${ID_SOURCE}$`);

/** True for an id of that shape; ids from URLs or payloads are checked before they reach a CouchDB path. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

// ---- mastr_accounts ---------------------------------------------------------------------------------

export const accountDocId = (profileId: string) => `account:${profileId}`;
/** Claim docs make "email/mobile taken" race-free across server instances. */
export const emailClaimId = (kind: AccountKind, email: string) => `email:${kind}:${normaliseEmail(email)}`;
export const mobileClaimId = (kind: AccountKind, mobileKey: string) => `mobile:${kind}:${mobileKey}`;
/** Keeps entry codes (stored lower-case) unique within a gym. */
export const entryCodeClaimId = (gymId: string, code: string) => `entry-code:${gymId}:${code}`;
/** An account's private calendar link, stored under the sha256 (hex) of its secret, never the secret. */
export const calendarFeedDocId = (tokenHash: string) => `calendar-feed:${tokenHash}`;

// ---- mastr_auth -------------------------------------------------------------------------------------

export const sessionDocId = (sid: string) => `session:${sid}`;
/** A one-time token is stored under the sha256 (hex) of the token, never the token itself. */
export const oneTimeTokenDocId = (tokenHash: string) => `token:${tokenHash}`;
/** A fixed-window counter: the scope, the sha256 of the key (never the key) and the window's number. */
export const rateLimitDocId = (scope: string, keyHash: string, window: number) =>
  `ratelimit:${scope}:${keyHash}:${window}`;

/** `signin-delay:{sha256 of kind, email and client address}`: one account's failures from one address. */
export const signInDelayDocId = (keyHash: string) => `signin-delay:${keyHash}`;

// ---- mastr_profiles ---------------------------------------------------------------------------------

/** `gym:{id}`, `coach:{id}`, `user:{id}`. */
export const profileDocId = (kind: AccountKind, profileId: string) => `${kind}:${profileId}`;
/** The key range of every profile of a kind. */
export const profileDocPrefix = (kind: AccountKind) => `${kind}:`;
/** The profile id behind a profile document's id (`gym:{id}` gives `{id}`). */
export const profileIdOf = (docId: string) => docId.slice(docId.indexOf(':') + 1);

/** One doc per coach-gym pair, so request/accept/terminate never race on a shared list. */
export const membershipDocId = (gymId: string, coachId: string) => `membership:${gymId}:${coachId}`;
/** The key range of every membership, or of one gym's. */
export const membershipDocPrefix = (gymId?: string) => (gymId === undefined ? 'membership:' : `membership:${gymId}:`);

// ---- mastr_payments (server only) ---------------------------------------------------------------

/** A gym's or coach's Stripe state. */
export const payeeDocId = (kind: Exclude<AccountKind, 'user'>, profileId: string) => `payments:${kind}:${profileId}`;
export const connectAccountDocId = (accountId: string) => `connect-account:${accountId}`;
export const subscriptionDocId = (gymId: string, subscriptionId: string) => `subscription:${gymId}:${subscriptionId}`;
/** The key range of a gym's subscriptions. */
export const subscriptionDocPrefix = (gymId: string) => subscriptionDocId(gymId, '');
export const paymentDocId = (passId: string) => `payment:${passId}`;
export const stripeEventDocId = (eventId: string) => `stripe-event:${eventId}`;

// ---- mastr_images (server only; served by GET /api/images/...) -------------------------------------

/** `image:{kind}:{profileId}:{version}`: one stored profile image; the version is a hash of its bytes. */
export const imageDocId = (kind: AccountKind, profileId: string, version: string) =>
  `image:${kind}:${profileId}:${version}`;

// ---- tenant databases (replicated to devices) -------------------------------------------------------

/** A document type of the tenant databases (`mastr_gym_`, `mastr_coach_`, `mastr_member_`). */
export type TenantDocType = (
  | ScheduleWeekDoc
  | AvailabilityWeekDoc
  | DayPassDoc
  | MastrPassDoc
  | MastrClassDoc
  | CheckInDoc
  | CheckInOutcomeDoc
  | SigningKeysDoc
  | CoachRequestDoc
  | NotificationDoc
  | GymRequestDoc
  | SlotClaimDoc
  | BookingDoc
)['type'];

/**
 * What every id of a tenant document type starts with, and no other type's id: a type is an id
 * range (`tenantDocIdRange`), so the device reads a type by its primary key and keeps no index of
 * types (decision 200). The id builders below take their prefixes from here.
 */
export const TENANT_DOC_ID_PREFIXES = {
  'schedule-week': 'schedule:',
  'availability-week': 'availability:',
  'day-pass': 'daypass:',
  'mastr-pass': 'mastrpass:',
  'mastr-class': 'mastr-class:',
  'check-in': 'checkin:',
  'check-in-outcome': 'checkin-outcome:',
  // The one document of its type: its id is the whole range.
  'signing-keys': 'pass-signing-keys',
  'coach-request': 'coach-request:',
  notification: 'notification:',
  'gym-request': 'gym-request:',
  'slot-claim': 'slot-claim:',
  booking: 'booking:',
} as const satisfies { readonly [T in TenantDocType]: string };

/** Above every character an id holds (ids are ASCII): `prefix + ID_RANGE_END` bounds a prefix's range. */
const ID_RANGE_END = '\uffff';

/** The ids of one tenant document type, as a key range (`$gte`, `$lt`). */
export function tenantDocIdRange(type: TenantDocType): { $gte: string; $lt: string } {
  const prefix = TENANT_DOC_ID_PREFIXES[type];
  return { $gte: prefix, $lt: `${prefix}${ID_RANGE_END}` };
}

/** The key range of every schedule document of a gym. */
export const SCHEDULE_DOC_PREFIX = TENANT_DOC_ID_PREFIXES['schedule-week'];
/** mastr_gym_<id>: `schedule:default`, or `schedule:week:{Monday}` for a week of its own. */
export const scheduleDocId = (weekStart: string | null) =>
  `${SCHEDULE_DOC_PREFIX}${weekStart ? `week:${weekStart}` : 'default'}`;

/** mastr_coach_<id>: `availability:default`, or `availability:week:{Sunday}` for a week of its own. */
export const availabilityDocId = (weekStart: string | null) =>
  `${TENANT_DOC_ID_PREFIXES['availability-week']}${weekStart ? `week:${weekStart}` : 'default'}`;

/** A pass as the gym's and the member's databases hold it. */
export type PassDoc = DayPassDoc | MastrPassDoc;

/** The key range of every pass of a kind. */
export const passDocPrefix = (kind: PassDoc['type']) => TENANT_DOC_ID_PREFIXES[kind];
/** `daypass:{passId}` and `mastrpass:{passId}`, in mastr_gym_<gymId> and mastr_member_<memberId>. */
export const passDocId = (kind: PassDoc['type'], passId: string) => `${passDocPrefix(kind)}${passId}`;

/** The key range of every stored Mastr class occurrence of a gym. */
export const MASTR_CLASS_DOC_PREFIX = TENANT_DOC_ID_PREFIXES['mastr-class'];
/** mastr_gym_<id>: `mastr-class:{classDateAndTime}`, one per occurrence (one class, one document). */
export const mastrClassDocId = (classDateAndTime: string) => `${MASTR_CLASS_DOC_PREFIX}${classDateAndTime}`;

/** mastr_gym_<id>: the public keys that verify entry tokens offline. */
export const SIGNING_KEYS_DOC_ID = TENANT_DOC_ID_PREFIXES['signing-keys'];

/** What a check-in id may end with: the device's random part. */
const CHECK_IN_RANDOM = '[A-Za-z0-9_-]{1,64}';
const CHECK_IN_ID = new RegExp(`^${TENANT_DOC_ID_PREFIXES['check-in']}(${ID_SOURCE}):(${CHECK_IN_RANDOM})$`);

/**
 * The id of a day or a time slot inside a schedule or availability document. The PWA and the server
 * make them 24 hex; a device's id is held to the same bounds as a check-in's random part (1 to 64
 * letters, digits, '_' or '-') rather than to that shape.
 */
export const NESTED_ID_PATTERN = new RegExp(`^${CHECK_IN_RANDOM}$`);

export function isNestedId(value: unknown): value is string {
  return typeof value === 'string' && NESTED_ID_PATTERN.test(value);
}

/** `checkin:{passId}:{random}`: a fresh id per record, so offline devices never collide. */
export const checkInId = (passId: string, random: string) => `${TENANT_DOC_ID_PREFIXES['check-in']}${passId}:${random}`;

/** The pass and random part of a check-in id; null when it is not one (a device's id is checked before it is stored). */
export function parseCheckInId(id: string): { passId: string; random: string } | null {
  const match = CHECK_IN_ID.exec(id);
  return match ? { passId: match[1], random: match[2] } : null;
}

/** The server's decision on a check-in: `checkin-outcome:{checkInId}`. */
export const checkInOutcomeId = (checkInId: string) => `${TENANT_DOC_ID_PREFIXES['check-in-outcome']}${checkInId}`;

/** mastr_coach_<coachId> and mastr_member_<memberId>: a member's request for a coach's slot. */
export const coachRequestId = (requestId: string) => `${TENANT_DOC_ID_PREFIXES['coach-request']}${requestId}`;
/** A notification in a gym's or coach's database (rules/documents.ts NotificationDoc). */
export const notificationDocId = (id: string) => `${TENANT_DOC_ID_PREFIXES.notification}${id}`;
/**
 * A pass event's notification in the member's database: one per pass and event (and class start,
 * since a Mastr pass may be booked into a class the gym cancels more than once), so a retried or
 * raced cancellation writes it once (decision 71). The start's ':' are dropped to keep ids plain.
 */
export const passNotificationDocId = (event: string, passId: string, classStart = '') =>
  notificationDocId(`${event}:${passId}${classStart ? `:${classStart.replace(/[^0-9T]/g, '')}` : ''}`);
/** mastr_gym_<gymId> and mastr_member_<memberId>: a member's PT request to a gym. */
export const gymRequestId = (requestId: string) => `${TENANT_DOC_ID_PREFIXES['gym-request']}${requestId}`;
/** mastr_coach_<coachId>: deterministic, so CouchDB itself lets exactly one request hold a slot. */
export const slotClaimId = (weekStart: string, weekday: number, time: number) =>
  `${slotClaimPrefix(weekStart)}${weekday}:${time}`;
/** The key range of one coach week's slot claims. */
export const slotClaimPrefix = (weekStart: string) => `${TENANT_DOC_ID_PREFIXES['slot-claim']}${weekStart}:`;

/** The key range of every booking in a tenant database. */
export const BOOKING_DOC_PREFIX = TENANT_DOC_ID_PREFIXES.booking;
/**
 * mastr_coach_<coachId>, mastr_member_<memberId> and mastr_gym_<gymId>: a paid private session. The
 * booking id is its request's id, so a request books at most once.
 */
export const bookingDocId = (bookingId: string) => `${BOOKING_DOC_PREFIX}${bookingId}`;
