import { accountExpectations } from './account-expectations.ts';
import { bookingExpectations } from './booking-expectations.ts';
import type { ExpectationTable } from './expectation-types.ts';
import { mailExpectations } from './mail-expectations.ts';
import { syncExpectations } from './sync-expectations.ts';

/**
 * The expected answer of every route the server registers, keyed `METHOD path` exactly as Hapi's
 * route table names it. The access matrix fails on a registered route missing here (a new route
 * needs its expectation before it ships) and on an entry naming no registered route.
 */
export const ACCESS_EXPECTATIONS: ExpectationTable = {
  ...accountExpectations,
  ...bookingExpectations,
  ...syncExpectations,
  ...mailExpectations,
};
