import { describe, it, expect } from 'vitest';
import { registrationBody } from './register-api.ts';

const values = {
  firstName: ' Ada ',
  lastName: ' Lovelace ',
  gymName: ' Iron Lotus ',
  email: ' Ada@Example.com ',
  mobile: ' 07700 900123 ',
  pwd: 'Sparring#2024',
  matchPwd: 'Sparring#2024',
};
const ticked = { detailsAreConfirmed: true, termsOfUseAccepted: true };

describe('registrationBody', () => {
  it('sends the user fields of §3 and never the confirmation password', () => {
    expect(registrationBody('user', values, ticked)).toEqual({
      firstName: 'Ada',
      email: 'ada@example.com',
      mobile: '07700 900123',
      pwd: 'Sparring#2024',
      detailsAreConfirmed: true,
      termsOfUseAccepted: true,
    });
  });

  it('adds the last name for a coach', () => {
    expect(registrationBody('coach', values, ticked)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(registrationBody('coach', values, ticked)).not.toHaveProperty('gymName');
  });

  it('sends the gym name instead of a person name for a gym', () => {
    const body = registrationBody('gym', values, ticked);
    expect(body).toMatchObject({ gymName: 'Iron Lotus', email: 'ada@example.com', termsOfUseAccepted: true });
    expect(body).not.toHaveProperty('firstName');
    expect(body).not.toHaveProperty('matchPwd');
  });
});
