/** Business constants of §9, written once. */

/** @public §9 class disciplines; the timetable's write rules check against it (issue 10). */
export const CLASS_DISCIPLINES = [
  'MMA',
  'MMA Sparring',
  'MMA Wall Wrestling',
  'Boxing',
  'Kickboxing',
  'Gi Jiu-Jitsu',
  'No-Gi Jiu-Jitsu',
  'Wrestling',
  'Freestyle Wrestling',
  'Greco-Roman Wrestling',
  'Gi Judo',
  'No-Gi Judo',
  'Strength & Conditioning',
  'Circuits',
  'Open Mat',
] as const;

export const KIDS_CLASS_DISCIPLINES = [
  'Kids Jiu-Jitsu',
  'Kids Gi Jiu-Jitsu',
  'Kids No-Gi Jiu-Jitsu',
  'Kids Judo',
  'Kids Wrestling',
  'Kids Boxing',
  'Kids Kickboxing',
] as const;

export type ClassDiscipline = (typeof CLASS_DISCIPLINES)[number] | (typeof KIDS_CLASS_DISCIPLINES)[number];

/** Short labels used by the timetable and its colour legend. */
export const DISCIPLINE_SHORT_LABEL: Record<ClassDiscipline, string> = {
  MMA: 'MMA',
  'MMA Sparring': 'MMA',
  'MMA Wall Wrestling': 'MMA',
  Boxing: 'Box',
  'Kids Boxing': 'Box',
  Kickboxing: 'KB',
  'Kids Kickboxing': 'KB',
  'Gi Jiu-Jitsu': 'Gi',
  'No-Gi Jiu-Jitsu': 'No-Gi',
  Wrestling: 'Wres',
  'Freestyle Wrestling': 'Wres',
  'Greco-Roman Wrestling': 'Wres',
  'Kids Wrestling': 'Wres',
  'Gi Judo': 'Judo',
  'No-Gi Judo': 'Judo',
  'Kids Judo': 'Judo',
  'Strength & Conditioning': 'S&C',
  Circuits: 'Circ',
  'Kids Jiu-Jitsu': 'JJ',
  'Kids Gi Jiu-Jitsu': 'JJ',
  'Kids No-Gi Jiu-Jitsu': 'JJ',
  'Open Mat': 'OM',
};

export const INVITATION_ONLY = 'Professional - Invitation Only';
/** @public §9 difficulties; the timetable's write rules check against it (issue 10). */
export const DIFFICULTIES = ['Fundamentals', 'Intermediate', 'Advanced', INVITATION_ONLY, 'Any'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** @public The §9 coach discipline list, for the coach account page (issue 9). */
export const COACH_DISCIPLINES = [
  'MMA',
  'MMA Striking',
  'Boxing',
  'Kickboxing',
  'Jiu-Jitsu',
  'Wrestling',
  'Greco-Roman',
  'Judo',
] as const;
export const PT_REQUEST_DISCIPLINES = [
  'MMA',
  'Boxing',
  'KickBoxing',
  'Jiu-Jitsu',
  'Wrestling',
  'Greco-Roman',
  'Judo',
] as const;
export const EXPERIENCE_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const SESSION_PREFERENCES = ['1 to 1', 'Dual Sessions', 'No Preference'] as const;
export const DAY_PASS_TYPES = ['Adult', 'Kids'] as const;
export type DayPassType = (typeof DAY_PASS_TYPES)[number];

export const MASTR_CLASS_WEEKS = ['Next Class', 'Following Class'] as const;

/** Gym weeks run Monday (1) to Sunday (7); coach weeks Sunday (0) to Saturday (6). */
export const GYM_WEEKDAYS = [
  { weekday: 1, abbreviation: 'Mon' },
  { weekday: 2, abbreviation: 'Tue' },
  { weekday: 3, abbreviation: 'Wed' },
  { weekday: 4, abbreviation: 'Thu' },
  { weekday: 5, abbreviation: 'Fri' },
  { weekday: 6, abbreviation: 'Sat' },
  { weekday: 7, abbreviation: 'Sun' },
] as const;
export const COACH_WEEKDAYS = [
  { weekday: 0, abbreviation: 'Sun' },
  { weekday: 1, abbreviation: 'Mon' },
  { weekday: 2, abbreviation: 'Tue' },
  { weekday: 3, abbreviation: 'Wed' },
  { weekday: 4, abbreviation: 'Thu' },
  { weekday: 5, abbreviation: 'Fri' },
  { weekday: 6, abbreviation: 'Sat' },
] as const;

export const PT_REQUEST_LEAD_DAYS = 2;
export const RECHECK_IN_MINUTES = 60;
export const MAX_CARD_AVATARS = 9;
/** @public At most two gyms in the coach's Registered Gyms home pod (§9, issue 11). */
export const MAX_HOME_POD_GYMS = 2;
export const MAX_VISITOR_ITEMS = 7;
/**
 * GET /api/me answers at most this many entries of a history list (expired day passes, past Mastr
 * passes, visitors), the most recent first: history grows with every pass sold, and the device holds
 * it all offline (design/data-model.md "GET /api/me lists").
 */
export const ME_HISTORY_CAP = 50;
/**
 * What a PT request to a gym costs: the fixed £20 of §9's coach-selection modal. A gym request carries
 * it as its `sessionPrice` from the start, so the auction lists, the member chooses and the checkout
 * charges the same figure (decisions 16, 39).
 */
export const COACH_SELECTION_PRICE_PENCE = 2000;

/** Pass entry codes: 6 characters with no look-alikes (no I, O, 0, 1); stored lower-case, shown upper-case. */
export const ENTRY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ENTRY_CODE_LENGTH = 6;
