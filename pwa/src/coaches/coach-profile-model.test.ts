import { describe, expect, it } from 'vitest';
import { coachFullName, sessionPreferenceView } from './coach-profile-model.ts';

describe('session preference text', () => {
  it('tells the member to bring a partner for Dual Sessions', () => {
    expect(sessionPreferenceView('Dual Sessions')).toEqual({
      title: 'Dual Sessions',
      text: expect.stringMatching(/bring a partner/),
    });
  });

  it('asks nothing extra for 1 to 1', () => {
    expect(sessionPreferenceView('1 to 1')).toEqual({
      title: '1 to 1',
      text: expect.stringMatching(/do not need to bring anything extra/),
    });
  });

  it('names No Preference as it is', () => {
    expect(sessionPreferenceView('No Preference')?.title).toBe('No Preference');
  });

  it('shows nothing for an unset or unknown preference', () => {
    expect(sessionPreferenceView('')).toBeNull();
    expect(sessionPreferenceView(undefined)).toBeNull();
    expect(sessionPreferenceView('toString')).toBeNull();
  });
});

describe('coach full name', () => {
  it('joins first and last names and tolerates a missing one', () => {
    expect(coachFullName({ firstName: 'Sam', lastName: 'Taylor' })).toBe('Sam Taylor');
    expect(coachFullName({ firstName: 'Sam', lastName: '' })).toBe('Sam');
  });
});
