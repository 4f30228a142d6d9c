import type { Party, PartyRole } from './access-world.ts';

/** One request of the matrix: the other party's ids are in its path and its body. */
export interface MatrixCall {
  /** Only for routes registered with method '*': the method to send. */
  method?: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Client address (sign-in and registration limits count per address). */
  remoteAddress?: string;
}

/**
 * Who a route serves: everyone (`public`), one account kind (anonymous 401, the other kinds 403), or
 * only the owner of the tenant named in its path (`tenant-owner`: the matrix never names the
 * caller's own tenant, so anonymous 401 and every signed-in identity 403).
 */
type Audience = 'public' | PartyRole | 'tenant-owner';

export interface RouteExpectation {
  audience: Audience;
  /**
   * The requests one identity sends: `victim` is the other party, `caller` the identity's own party
   * (null for anonymous, who is given party A's ids).
   */
  calls(victim: Party, caller: Party | null): MatrixCall[];
  /** The statuses the audience may answer (for `tenant-owner` routes there is none to give). */
  answers: readonly number[];
  /**
   * Documents of the victim's data this call may add or change, by id prefix: a marketplace
   * interaction the caller is entitled to (a coach asking to join a gym, a member's PT request to a
   * gym). Empty for every route that should leave the other party alone. Documents the other
   * party held before the matrix started are never among them: no call may change those.
   */
  touches?(victim: Party, caller: Party | null): string[];
  /** Runs after every other route: it ends the caller's own account (DELETE /api/me/...). */
  endsCaller?: boolean;
}

export type ExpectationTable = Record<string, RouteExpectation>;

/**
 * Refused because the id is not the caller's. The server answers most of these 400 with the §8
 * catalogue's "Missing ID's" family (the id names nothing of the caller's), some 403 or 404.
 */
export const NOT_YOURS = [400, 403, 404] as const;
