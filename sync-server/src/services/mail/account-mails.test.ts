import { describe, expect, it } from 'vitest';
import {
  accountDeletedMail,
  dashboardUrl,
  planEndedMail,
  planFailingMail,
  planStartedMail,
  stripePageUrl,
  wentInactiveMail,
  wentLiveMail,
} from './account-mails.ts';

const stripeUrl = stripePageUrl('https://mastr.test');

describe('going live and back', () => {
  it('a gym live: listed or waiting for its plan; a coach live', () => {
    const gym = wentLiveMail('gym', {
      greeting: 'Hello Iron Temple,',
      listed: true,
      dashboardUrl: 'https://mastr.test/gymdashboard',
    });
    expect(gym.subject).toBe('Your gym is live on Mastr');
    expect(gym.paragraphs[1]).toBe('Members can find your gym and buy day passes and Mastr Class passes.');
    expect(gym.action).toEqual({ label: 'Your dashboard', url: 'https://mastr.test/gymdashboard' });
    const unlisted = wentLiveMail('gym', { greeting: 'Hello,', listed: false, dashboardUrl: '' });
    expect(unlisted.paragraphs[1]).toContain('once your plan is running');
    expect(wentLiveMail('coach', { greeting: 'Hello,', listed: true, dashboardUrl: '' }).subject).toBe(
      'You are live on Mastr',
    );
    expect(dashboardUrl('https://mastr.test', 'coach')).toBe('https://mastr.test/coachdashboard');
  });

  it('no longer live: each missing step on its line', () => {
    const mail = wentInactiveMail('gym', {
      greeting: 'Hello,',
      missing: [{ key: 'payments', label: 'Set up payments with Stripe', page: 'stripe' }],
      dashboardUrl: 'https://mastr.test/gymdashboard',
    });
    expect(mail.subject).toBe('Your gym is no longer live on Mastr');
    expect(mail.paragraphs).toContain('• Set up payments with Stripe');
    expect(mail.paragraphs[0]).toContain('Passes already sold stay valid.');
  });
});

describe('the gym plan', () => {
  it('started, recovered, failing, ended: each with the Stripe page', () => {
    const started = planStartedMail({ greeting: 'Hello,', pricePence: 2999, recovered: false, stripeUrl });
    expect(started.subject).toBe('Your Mastr Basic plan has started');
    expect(started.details).toContainEqual(['Price', '£29.99 a month']);
    expect(planStartedMail({ greeting: 'Hello,', pricePence: 2999, recovered: true, stripeUrl }).subject).toBe(
      'Your Mastr plan payment went through',
    );
    const failing = planFailingMail({ greeting: 'Hello,', stripeUrl });
    expect(failing.subject).toBe('Your Mastr plan payment failed');
    expect(failing.action?.url).toBe('https://mastr.test/gymdashboard/stripe');
    expect(planEndedMail({ greeting: 'Hello,', stripeUrl }).subject).toBe('Your Mastr Basic plan has ended');
  });
});

describe('the goodbye', () => {
  it('says it is the last mail, and what went back', () => {
    const member = accountDeletedMail('user', { greeting: 'Hello Ada,', refundedPence: 1500 });
    expect(member.subject).toBe('Your Mastr account is deleted');
    expect(member.paragraphs[0]).toContain('this is the last email we send you');
    expect(member.paragraphs[1]).toContain('£15 refunded in full to the card you paid with');
    expect(member.action).toBeUndefined();
    const gym = accountDeletedMail('gym', { greeting: 'Hello,', refundedPence: 0 });
    expect(gym.paragraphs.join(' ')).not.toContain('refunded');
  });
});
