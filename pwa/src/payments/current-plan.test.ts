import { describe, expect, it } from 'vitest';
import { currentPlanLabel } from './current-plan.ts';

describe('current plan', () => {
  it('names the plan of a subscribed gym', () => {
    expect(currentPlanLabel({ subscribed: true, mastrPlan: 'Basic' })).toBe('Basic');
  });

  it('shows no plan once the subscription has ended, whatever name is left', () => {
    expect(currentPlanLabel({ subscribed: false, mastrPlan: 'Basic' })).toBe('No plan selected');
    expect(currentPlanLabel({ subscribed: false, mastrPlan: null })).toBe('No plan selected');
  });
});
