/**
 * Why a pass does not open the door or a check-in cannot count, in the words staff see. One table:
 * the entry-token check on the front desk (entry-token.ts) and the server's check-in authority
 * (check-in.ts) give the same reason in the same words.
 */
export const REFUSALS = {
  /** The scanned or typed text is not an entry token at all. */
  malformed: 'This code is not a Mastr pass.',
  /** Its signature matches none of the gym's published keys. */
  forged: 'This code was not issued by Mastr.',
  otherGym: 'This pass is for another gym.',
  unknown: 'No such pass at this gym.',
  cancelled: 'This day pass has been cancelled.',
  /** A Mastr class pass its member cancelled (decision 70). */
  mastrCancelled: 'This Mastr class pass has been cancelled.',
  expired: 'This pass has expired.',
  /** A Mastr class pass whose member has not chosen a class. */
  unassigned: 'This Mastr class pass has no class yet.',
  otherDay: 'This pass is not for today.',
} as const;
