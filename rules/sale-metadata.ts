/**
 * What a paid checkout session stands for, as its Stripe metadata carries it (design/payments.md
 * "Webhooks and idempotency", decision 147). The checkout writes it with `encodeSale` and the
 * webhook reads it back with `decodeSale`: one codec, so the two sides cannot drift apart. Stripe
 * keeps metadata as strings only; numbers go out as decimal strings and come back as numbers.
 * Pure, for the server and its tests alike.
 */
import { DAY_PASS_TYPES, type DayPassType } from './constants.ts';
import { isCalendarDate } from './dates.ts';
import { isId } from './doc-ids.ts';

export interface DayPassSale {
  kind: 'day-pass';
  passType: DayPassType;
  gymId: string;
  memberId: string;
  /** The pass's UK day, 'YYYY-MM-DD'. */
  date: string;
}

export interface MastrPassSale {
  kind: 'mastr-pass';
  gymId: string;
  memberId: string;
  mastrClassId: string;
  /** The class's UK wall-clock start, 'YYYY-MM-DDTHH:MM:SS'. */
  classDateAndTime: string;
}

export type PtSessionSource = 'coach-request' | 'gym-request';

export interface PtSessionSale {
  kind: 'pt-session';
  source: PtSessionSource;
  requestId: string;
  gymId: string;
  memberId: string;
  coachId: string;
  /** The session's UK wall-clock hour, 'YYYY-MM-DDTHH:00:00'. */
  startTime: string;
  /** The gym's space share, moved to the gym once the session is booked. */
  gymSharePence: number;
  /** The gym's connected account the share goes to. */
  gymDestination: string;
}

export type Sale = DayPassSale | MastrPassSale | PtSessionSale;

/** The kinds a Mastr checkout writes: a session naming one of them is Mastr's own. */
export const SALE_KINDS: ReadonlySet<string> = new Set<Sale['kind']>(['day-pass', 'mastr-pass', 'pt-session']);

/** What the charge was when the member paid: Mastr's part of it and where the rest went. */
export interface SaleCharge {
  applicationFeePence: number;
  destination: string;
}

export interface PaidSale {
  sale: Sale;
  charge: SaleCharge;
}

/** The metadata keys the charge is written under, next to the sale's own fields. */
const FEE_KEY = 'applicationFeePence';
const DESTINATION_KEY = 'destination';

const pence = (value: number) => String(value);

/** The metadata a checkout session (and its payment intent) carries for this sale and charge. */
export function encodeSale(sale: Sale, charge: SaleCharge): Record<string, string> {
  const charged = { [FEE_KEY]: pence(charge.applicationFeePence), [DESTINATION_KEY]: charge.destination };
  switch (sale.kind) {
    case 'day-pass':
    case 'mastr-pass':
      return { ...sale, ...charged };
    case 'pt-session':
      return { ...sale, gymSharePence: pence(sale.gymSharePence), ...charged };
  }
}

/** Stripe's metadata: string values only (an absent key reads as undefined). */
type Metadata = Readonly<Record<string, string | undefined>>;

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const WALL_CLOCK_HOUR = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):00:00$/;
/** A whole number of pence as the encoder writes it: digits only, no sign, exponent or padding. */
const PENCE = /^(?:0|[1-9]\d{0,9})$/;

const isWallClock = (value: string | undefined, pattern: RegExp): value is string =>
  value !== undefined && pattern.test(value) && isCalendarDate(value.slice(0, 10));
const penceOf = (value: string | undefined): number | null =>
  value !== undefined && PENCE.test(value) ? Number(value) : null;
const isText = (value: string | undefined): value is string => typeof value === 'string' && value.length > 0;
const isDayPassType = (value: string | undefined): value is DayPassType => DAY_PASS_TYPES.some((t) => t === value);
const isSource = (value: string | undefined): value is PtSessionSource =>
  value === 'coach-request' || value === 'gym-request';

/**
 * The sale and charge a session's metadata stands for, or null when it stands for none: a session
 * Mastr did not create (another integration on the same Stripe account), or one with a field
 * missing or garbled. All or nothing: never a sale with a field guessed.
 */
export function decodeSale(metadata: Metadata | null | undefined): PaidSale | null {
  if (!metadata) return null;
  const applicationFeePence = penceOf(metadata[FEE_KEY]);
  const destination = metadata[DESTINATION_KEY];
  if (applicationFeePence === null || !isText(destination)) return null;
  const sale = saleOf(metadata);
  return sale ? { sale, charge: { applicationFeePence, destination } } : null;
}

function saleOf(m: Metadata): Sale | null {
  const { gymId, memberId } = m;
  if (!isId(gymId) || !isId(memberId)) return null;
  switch (m.kind) {
    case 'day-pass': {
      const { passType, date } = m;
      if (!isDayPassType(passType) || !isCalendarDate(date)) return null;
      return { kind: 'day-pass', passType, gymId, memberId, date };
    }
    case 'mastr-pass': {
      const { mastrClassId, classDateAndTime } = m;
      if (!isText(mastrClassId) || !isWallClock(classDateAndTime, WALL_CLOCK)) return null;
      return { kind: 'mastr-pass', gymId, memberId, mastrClassId, classDateAndTime };
    }
    case 'pt-session': {
      const { source, requestId, coachId, startTime, gymDestination } = m;
      const gymSharePence = penceOf(m.gymSharePence);
      if (!isSource(source) || !isId(requestId) || !isId(coachId)) return null;
      if (!isWallClock(startTime, WALL_CLOCK_HOUR) || gymSharePence === null || !isText(gymDestination)) return null;
      return {
        kind: 'pt-session',
        source,
        requestId,
        gymId,
        memberId,
        coachId,
        startTime,
        gymSharePence,
        gymDestination,
      };
    }
    default:
      return null;
  }
}
