import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_EVENTS, MEMBERSHIP_REFUSALS, membershipStep, notificationText } from './memberships.ts';

describe('membershipStep', () => {
  it('creates a pending request, and a repeated request adds nothing', () => {
    expect(membershipStep('request', null)).toEqual({ step: 'write', state: 'pending' });
    expect(membershipStep('request', 'pending')).toEqual({ step: 'unchanged' });
    expect(membershipStep('request', 'registered')).toEqual({
      step: 'refused',
      message: MEMBERSHIP_REFUSALS.alreadyRegistered,
    });
  });

  it('lets the coach cancel only a pending request and leave only a registered gym', () => {
    expect(membershipStep('cancel', 'pending')).toEqual({ step: 'delete' });
    expect(membershipStep('cancel', 'registered').step).toBe('refused');
    expect(membershipStep('cancel', null).step).toBe('refused');
    expect(membershipStep('leave', 'registered')).toEqual({ step: 'delete' });
    expect(membershipStep('leave', 'pending').step).toBe('refused');
    expect(membershipStep('leave', null).step).toBe('refused');
  });

  it('lets the gym accept or reject a pending request and terminate a registered coach', () => {
    expect(membershipStep('approve', 'pending')).toEqual({ step: 'write', state: 'registered' });
    expect(membershipStep('approve', 'registered')).toEqual({ step: 'unchanged' });
    expect(membershipStep('approve', null).step).toBe('refused');
    expect(membershipStep('reject', 'pending')).toEqual({ step: 'delete' });
    expect(membershipStep('reject', 'registered').step).toBe('refused');
    expect(membershipStep('reject', null).step).toBe('refused');
    expect(membershipStep('terminate', 'registered')).toEqual({ step: 'delete' });
    expect(membershipStep('terminate', 'pending').step).toBe('refused');
    expect(membershipStep('terminate', null).step).toBe('refused');
  });
});

describe('notifications', () => {
  it("tells the gym about a coach's step and the coach about the gym's answer", () => {
    expect(MEMBERSHIP_EVENTS.request).toEqual({ event: 'coach-requested', tell: 'gym' });
    expect(MEMBERSHIP_EVENTS.approve).toEqual({ event: 'gym-accepted', tell: 'coach' });
    expect(notificationText({ event: 'coach-requested', otherName: 'Tom Okafor' })).toBe(
      'Tom Okafor has requested to join your Gym.',
    );
    expect(notificationText({ event: 'gym-accepted', otherName: 'Southbank' })).toContain('accepted your request');
  });
});
