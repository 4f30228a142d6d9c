import type { GymMe } from '@mastr/rules/api/me.ts';
import { planLabel } from '../dashboard-frame/index.ts';

/**
 * The plan a gym is on (§2 "Account (current plan)", /gymdashboard/stripe): its plan name while the
 * subscription is active. A cancelled subscription shows no plan even if an old name lingers.
 */
export function currentPlanLabel(gym: Pick<GymMe, 'subscribed' | 'mastrPlan'>): string {
  return planLabel(gym.subscribed ? gym.mastrPlan : null);
}
