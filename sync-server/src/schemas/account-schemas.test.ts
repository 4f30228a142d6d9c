import { describe, expect, it } from 'vitest';
import {
  emailOnlySchema,
  MESSAGES,
  newPasswordSchema,
  registrationSchemas,
  signInPayloadSchema,
} from './account-schemas.ts';

const member = {
  firstName: ' Ada ',
  email: ' Ada@Example.CO.UK ',
  mobile: '+44 7700 900123',
  pwd: 'Str0ng!Pass',
  detailsAreConfirmed: true,
  termsOfUseAccepted: true,
};

describe('registration schemas', () => {
  it('trims names and emails and lower-cases emails, keeping the mobile as typed (trimmed)', () => {
    const { value, error } = registrationSchemas.user.validate(member);
    expect(error).toBeUndefined();
    expect(value).toMatchObject({ firstName: 'Ada', email: 'ada@example.co.uk', mobile: '+44 7700 900123' });
  });

  it('accepts UK mobiles with country code, trunk zero or an extension', () => {
    for (const mobile of ['07700900123', '+447700900123', '7700900123', '07700 900 123#123']) {
      expect(registrationSchemas.user.validate({ ...member, mobile }).error, mobile).toBeUndefined();
    }
  });

  it('requires the details checkbox of members only, but refuses it unticked from anyone', () => {
    const { detailsAreConfirmed: _omit, ...withoutDetails } = member;
    const coach = {
      firstName: 'Bruce',
      lastName: 'Lee',
      email: 'b@l.com',
      mobile: '07700900124',
      pwd: 'Str0ng!Pass',
      termsOfUseAccepted: true,
    };
    const gym = {
      gymName: 'Iron Dojo',
      email: 'g@d.com',
      mobile: '07700900125',
      pwd: 'Str0ng!Pass',
      termsOfUseAccepted: true,
    };
    expect(registrationSchemas.user.validate(withoutDetails).error?.message).toBe(MESSAGES.details);
    expect(registrationSchemas.coach.validate(coach).error).toBeUndefined();
    expect(registrationSchemas.gym.validate(gym).error).toBeUndefined();
    expect(registrationSchemas.gym.validate({ ...gym, detailsAreConfirmed: false }).error?.message).toBe(
      MESSAGES.details,
    );
  });

  it.each([
    ['pwd', 'Sh0rt!', MESSAGES.password],
    ['pwd', 'nouppercase1!', MESSAGES.password],
    ['pwd', 'Has space 1!', MESSAGES.password],
    ['email', 'ada@@example.com', MESSAGES.email],
    ['email', `${'a'.repeat(250)}@example.com`, MESSAGES.email],
    ['mobile', '077009001', MESSAGES.mobile],
    ['mobile', '+337700900123', MESSAGES.mobile],
    ['termsOfUseAccepted', 1, MESSAGES.terms],
    ['firstName', '', 'First name is required.'],
  ])('refuses %s = %j with a message naming it', (field, value, message) => {
    expect(registrationSchemas.user.validate({ ...member, [field]: value }).error?.message).toBe(message);
  });
});

describe('sign-in, forgotten and reset schemas', () => {
  it('lets sign-in through with any non-empty password, since older passwords need not match the rule', () => {
    expect(signInPayloadSchema.validate({ email: 'a@b.co', pwd: 'old' }).error).toBeUndefined();
    expect(signInPayloadSchema.validate({ email: 'a@b.co', pwd: '' }).error?.message).toBe('Password is required.');
    expect(signInPayloadSchema.validate({ email: 'a@b.co', pwd: 'x'.repeat(257) }).error).toBeDefined();
  });

  it('takes only an email for the forgotten-password request and only a rule-abiding pwd for the reset', () => {
    expect(emailOnlySchema.validate({ email: 'A@B.co' }).value).toEqual({ email: 'a@b.co' });
    expect(emailOnlySchema.validate({ email: 'a@b.co', kind: 'gym' }).error?.message).toBe("Unknown field 'kind'.");
    expect(newPasswordSchema.validate({ pwd: 'weak' }).error?.message).toBe(MESSAGES.password);
    expect(newPasswordSchema.validate(null).error?.message).toBe(MESSAGES.body);
  });
});
