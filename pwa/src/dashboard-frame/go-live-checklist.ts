/**
 * The go-live checklist on the gym and coach homes: what is still missing before the account is
 * Active (rules/go-live.ts, the rule the server applies after every edit and payments event), each
 * step linking to the dashboard page where it is done; for a gym also the Basic plan it needs to be
 * listed (rules/listing.ts `isPublicGym`). Read from the /api/me profile (kept on the device, so it
 * shows offline too), whose `missingSteps` the server works out with the same rule. Pure.
 */
import { NOT_FINISHED_SIGNING_UP } from '@mastr/rules/texts.ts';
import type { CoachMe, GymMe } from '@mastr/rules/api/me.ts';
import type { GoLiveStep } from '@mastr/rules/go-live.ts';

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

const itemOf =
  (base: '/gymdashboard' | '/coachdashboard') =>
  (step: GoLiveStep): ChecklistItem => ({ key: step.key, label: step.label, to: `${base}/${step.page}` });

export const BASIC_PLAN_ITEM: ChecklistItem = {
  key: 'plan',
  label: 'Choose the Basic plan so members can find your gym',
  to: '/gymdashboard/stripe',
};

/** The /api/me facts the checklist reads: the server works out `missingSteps` with the payments state it alone knows. */
export type GymChecklistFacts = Pick<GymMe, 'status' | 'subscribed' | 'missingSteps'>;

export function gymChecklist(gym: GymChecklistFacts): GoLiveChecklist {
  const active = gym.status === true;
  return {
    active,
    steps: active ? [] : gym.missingSteps.map(itemOf('/gymdashboard')),
    plan: gym.subscribed === true ? null : BASIC_PLAN_ITEM,
    banner: null,
  };
}

export type CoachChecklistFacts = Pick<CoachMe, 'status' | 'missingSteps'>;

export function coachChecklist(coach: CoachChecklistFacts): GoLiveChecklist {
  const active = !!coach.status;
  return {
    active,
    steps: active ? [] : coach.missingSteps.map(itemOf('/coachdashboard')),
    plan: null,
    banner: active ? null : NOT_FINISHED_SIGNING_UP,
  };
}

/** Whether the home shows the checklist at all. */
export function hasChecklist(checklist: GoLiveChecklist): boolean {
  return !checklist.active || checklist.plan !== null;
}
