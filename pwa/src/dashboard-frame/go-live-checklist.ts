/**
 * The go-live checklist on the gym and coach homes: what is still missing before the account is
 * Active (rules/go-live.ts, the rule the server applies after every edit and payments event), each
 * step linking to the dashboard page where it is done; for a gym also the Basic plan it needs to be
 * listed (rules/listing.ts `isPublicGym`). Computed on the device from the /api/me profile, so it
 * shows offline too. Pure.
 */
import type { CoachMe, GymMe } from '@mastr/rules/api/me.ts';
import { coachMissingSteps, gymMissingSteps, type GoLiveStep } from '@mastr/rules/go-live.ts';

/** §2: the coach's banner while its status is falsy. */
export const NOT_FINISHED_SIGNING_UP = 'You have not finished signing up.';

export interface ChecklistItem {
  key: string;
  label: string;
  /** Absolute dashboard path of the page where it is done. */
  to: string;
}

export interface GoLiveChecklist {
  /** Whether the account is Active. */
  active: boolean;
  /** What is still missing to be Active, in the rule's order (empty once Active). */
  steps: ChecklistItem[];
  /** A gym without the Basic plan is not listed, Active or not; null once subscribed (and for coaches). */
  plan: ChecklistItem | null;
  /** The coach's §2 banner, above the checklist; null otherwise. */
  banner: string | null;
}

/**
 * What the server may add to the /api/me answer (rules/api/account.ts answers the same after an
 * edit): the missing steps as it computed them, and whether the payments account takes charges.
 * Absent fields are not guessed from.
 */
interface ServerFacts {
  missingSteps?: GoLiveStep[];
  chargesEnabled?: boolean;
}

const itemOf =
  (base: '/gymdashboard' | '/coachdashboard') =>
  (step: GoLiveStep): ChecklistItem => ({ key: step.key, label: step.label, to: `${base}/${step.page}` });

export const BASIC_PLAN_ITEM: ChecklistItem = {
  key: 'plan',
  label: 'Choose the Basic plan so members can find your gym',
  to: '/gymdashboard/stripe',
};

export type GymChecklistFacts = Pick<
  GymMe,
  | 'status'
  | 'subscribed'
  | 'gymName'
  | 'address'
  | 'adultDayPassPrice'
  | 'kidsDayPassPrice'
  | 'stripeAccountDetailsSubmittedStatus'
> &
  ServerFacts;

/**
 * A gym's steps. The rule needs "charges enabled", which /api/me does not carry (only
 * `stripeAccountDetailsSubmittedStatus`); unless the answer has `missingSteps` or `chargesEnabled`,
 * the payments step is listed when it is certainly missing: details not submitted, or nothing else
 * missing while the gym is still not Active (the server's rule then failed on payments alone).
 */
function gymSteps(gym: GymChecklistFacts): GoLiveStep[] {
  if (gym.missingSteps) return gym.missingSteps;
  if (typeof gym.chargesEnabled === 'boolean') return gymMissingSteps({ ...gym, chargesEnabled: gym.chargesEnabled });
  const withPayments = gymMissingSteps({ ...gym, chargesEnabled: false });
  const others = withPayments.filter((step) => step.page !== 'stripe');
  const paymentsMissing = !gym.stripeAccountDetailsSubmittedStatus || others.length === 0;
  return paymentsMissing ? withPayments : others;
}

export function gymChecklist(gym: GymChecklistFacts): GoLiveChecklist {
  const active = gym.status === true;
  return {
    active,
    steps: active ? [] : gymSteps(gym).map(itemOf('/gymdashboard')),
    plan: gym.subscribed === true ? null : BASIC_PLAN_ITEM,
    banner: null,
  };
}

export type CoachChecklistFacts = Pick<
  CoachMe,
  | 'status'
  | 'firstName'
  | 'lastName'
  | 'discipline'
  | 'sessionPreferenceType'
  | 'price'
  | 'stripeAccountDetailsSubmittedStatus'
> &
  Pick<ServerFacts, 'missingSteps'>;

export function coachChecklist(coach: CoachChecklistFacts): GoLiveChecklist {
  const active = !!coach.status;
  const steps = active
    ? []
    : (coach.missingSteps ??
      coachMissingSteps({ ...coach, detailsSubmitted: coach.stripeAccountDetailsSubmittedStatus === true }));
  return {
    active,
    steps: steps.map(itemOf('/coachdashboard')),
    plan: null,
    banner: active ? null : NOT_FINISHED_SIGNING_UP,
  };
}

/** Whether the home shows the checklist at all. */
export function hasChecklist(checklist: GoLiveChecklist): boolean {
  return !checklist.active || checklist.plan !== null;
}
