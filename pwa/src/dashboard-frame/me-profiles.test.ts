import { describe, it, expect } from 'vitest';
import type { CoachMe, GymMe, UserMe } from '@mastr/rules/api/me.ts';
import { addressLines, displayNameOf, offlineNoteText, planLabel, statusLabel } from './me-profiles.ts';

describe('displayNameOf', () => {
  it('names a gym by its gym name', () => {
    expect(displayNameOf('gym', { gymName: 'Iron Temple' } as GymMe)).toBe('Iron Temple');
  });

  it('names a coach by first and last name, skipping a missing part', () => {
    expect(displayNameOf('coach', { firstName: 'Ana', lastName: 'Silva' } as CoachMe)).toBe('Ana Silva');
    expect(displayNameOf('coach', { firstName: 'Ana', lastName: '' } as CoachMe)).toBe('Ana');
  });

  it('names a member by name', () => {
    expect(displayNameOf('user', { name: 'Sam' } as UserMe)).toBe('Sam');
  });
});

describe('profile labels', () => {
  it('shows a status boolean as Active or Inactive', () => {
    expect(statusLabel(true)).toBe('Active');
    expect(statusLabel(false)).toBe('Inactive');
  });

  it('says when no plan is selected', () => {
    expect(planLabel('Basic Subscription')).toBe('Basic Subscription');
    expect(planLabel(null)).toBe('No plan selected');
    expect(planLabel('  ')).toBe('No plan selected');
  });

  it('lists only the filled address lines in postal order', () => {
    expect(
      addressLines({
        addressLineOne: '1 Ring Road',
        addressLineTwo: '',
        addressTownOrCity: 'Leeds',
        addressPostalCode: 'LS1 1AA',
      }),
    ).toEqual(['1 Ring Road', 'Leeds', 'LS1 1AA']);
    expect(addressLines(undefined)).toEqual([]);
  });
});

describe('offlineNoteText', () => {
  // 10:00 UK time in summer (BST): the saved instants are shown on the UK clock.
  const now = new Date('2026-07-10T09:00:00Z');

  it('gives the UK time alone for a profile kept the same day', () => {
    expect(offlineNoteText('2026-07-10T07:05:00Z', now)).toBe('Offline: showing your details as of 08:05.');
  });

  it('adds the day for a profile kept on an earlier day', () => {
    expect(offlineNoteText('2026-07-08T17:30:00Z', now)).toBe(
      'Offline: showing your details as of 18:30 on Wednesday 8th July.',
    );
  });

  it('still says the details are from the device when the time is unreadable', () => {
    expect(offlineNoteText('not a time', now)).toBe('Offline: showing the details last kept on this device.');
  });
});
