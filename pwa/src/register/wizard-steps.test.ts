import { describe, it, expect } from 'vitest';
import { ACCOUNT_KINDS, type AccountKind } from '@mastr/rules/roles.ts';
import { HINTS } from '@mastr/rules/validation.ts';
import {
  NEW_PASSWORD_STEPS,
  REGISTRATION_STEPS,
  advance,
  allStepsValid,
  canAdvance,
  canRegister,
  firstInvalidStep,
  goBack,
  isFieldValid,
  isStepValid,
  typedValue,
  type WizardValues,
} from './wizard-steps.ts';

const GOOD: Required<WizardValues> = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  gymName: 'Iron Lotus MMA',
  email: 'ada@example.co.uk',
  mobile: '+44 7700 900123',
  pwd: 'Sparring#2024',
  matchPwd: 'Sparring#2024',
};

const fieldsOf = (kind: AccountKind) => REGISTRATION_STEPS[kind].map((s) => s.field);

describe('registration steps per kind', () => {
  it('asks one field per step in the order of §2', () => {
    expect(fieldsOf('user')).toEqual(['firstName', 'email', 'mobile', 'pwd', 'matchPwd']);
    expect(fieldsOf('coach')).toEqual(['firstName', 'lastName', 'email', 'mobile', 'pwd', 'matchPwd']);
    expect(fieldsOf('gym')).toEqual(['gymName', 'email', 'mobile', 'pwd', 'matchPwd']);
  });

  it('labels the gym name step and gives the gym email its longer hint', () => {
    expect(REGISTRATION_STEPS.gym[0].label).toBe('Name of Gym');
    expect(REGISTRATION_STEPS.gym[1].hint).toBe(
      'Must be a valid Email Address. Letters, numbers, underscores, hyphens allowed.',
    );
    expect(REGISTRATION_STEPS.user[1].hint).toBe('Must be a valid Email Address.');
  });

  it('shows the §5 hints for mobile, password and confirmation on every wizard', () => {
    for (const kind of ACCOUNT_KINDS) {
      const hints = Object.fromEntries(REGISTRATION_STEPS[kind].map((s) => [s.field, s.hint]));
      expect(hints.mobile).toBe(HINTS.mobile);
      expect(hints.pwd).toBe(HINTS.password);
      expect(hints.matchPwd).toBe('Must match the first password field.');
    }
  });

  it('asks browsers for new passwords, not saved ones', () => {
    for (const kind of ACCOUNT_KINDS) {
      const passwordSteps = REGISTRATION_STEPS[kind].filter((s) => s.type === 'password');
      expect(passwordSteps.map((s) => s.autoComplete)).toEqual(['new-password', 'new-password']);
    }
  });
});

describe('isFieldValid', () => {
  it('needs a non-blank name', () => {
    expect(isFieldValid('firstName', { firstName: '   ' })).toBe(false);
    expect(isFieldValid('lastName', {})).toBe(false);
    expect(isFieldValid('gymName', { gymName: 'Iron Lotus' })).toBe(true);
  });

  it('checks email, mobile and password against the shared rules', () => {
    expect(isFieldValid('email', { email: 'ada@example' })).toBe(false);
    expect(isFieldValid('email', { email: GOOD.email })).toBe(true);
    expect(isFieldValid('mobile', { mobile: '12345' })).toBe(false);
    expect(isFieldValid('mobile', { mobile: '07700900123#123' })).toBe(true);
    expect(isFieldValid('pwd', { pwd: 'password' })).toBe(false);
    expect(isFieldValid('pwd', { pwd: GOOD.pwd })).toBe(true);
  });

  it('needs the confirmation to equal the password', () => {
    expect(isFieldValid('matchPwd', { pwd: GOOD.pwd, matchPwd: 'Sparring#2025' })).toBe(false);
    expect(isFieldValid('matchPwd', { pwd: '', matchPwd: '' })).toBe(false);
    expect(isFieldValid('matchPwd', { pwd: GOOD.pwd, matchPwd: GOOD.pwd })).toBe(true);
  });
});

describe('typedValue', () => {
  it('lower-cases emails as typed and leaves other fields alone', () => {
    expect(typedValue('email', 'Ada@Example.COM')).toBe('ada@example.com');
    expect(typedValue('firstName', 'Ada')).toBe('Ada');
    expect(typedValue('pwd', 'Sparring#2024')).toBe('Sparring#2024');
  });
});

describe('Next gating and forward movement', () => {
  for (const kind of ACCOUNT_KINDS) {
    const steps = REGISTRATION_STEPS[kind];

    it(`${kind}: Next is disabled on each step until that step is valid`, () => {
      const values: WizardValues = {};
      steps.forEach((step, index) => {
        expect(canAdvance(steps, index, values)).toBe(false);
        expect(advance(steps, index, values)).toBe(index);
        values[step.field] = GOOD[step.field];
        expect(isStepValid(steps, index, values)).toBe(true);
        expect(canAdvance(steps, index, values)).toBe(true);
        expect(advance(steps, index, values)).toBe(index + 1);
      });
      expect(firstInvalidStep(steps, values)).toBe(steps.length);
      expect(allStepsValid(steps, values)).toBe(true);
    });

    it(`${kind}: a later step cannot advance while an earlier one is invalid`, () => {
      const values: WizardValues = { ...GOOD, email: 'not-an-email' };
      const emailStep = steps.findIndex((s) => s.field === 'email');
      expect(firstInvalidStep(steps, values)).toBe(emailStep);
      for (let index = emailStep; index < steps.length; index++) {
        expect(isStepValid(steps, index, values)).toBe(index !== emailStep);
        expect(canAdvance(steps, index, values)).toBe(false);
      }
      expect(canAdvance(steps, emailStep - 1, values)).toBe(true);
      expect(allStepsValid(steps, values)).toBe(false);
    });

    it(`${kind}: never moves past the confirm screen or before the first step`, () => {
      expect(canAdvance(steps, steps.length, GOOD)).toBe(false);
      expect(advance(steps, steps.length, GOOD)).toBe(steps.length);
      expect(canAdvance(steps, -1, GOOD)).toBe(false);
      expect(goBack(0)).toBe(0);
      expect(goBack(steps.length)).toBe(steps.length - 1);
    });
  }

  it('a changed password invalidates the confirmation step again', () => {
    const steps = REGISTRATION_STEPS.user;
    const values: WizardValues = { ...GOOD, pwd: 'Different#2024' };
    expect(firstInvalidStep(steps, values)).toBe(steps.findIndex((s) => s.field === 'matchPwd'));
  });

  it('the reset screen has the password and confirmation steps only', () => {
    expect(NEW_PASSWORD_STEPS.map((s) => s.field)).toEqual(['pwd', 'matchPwd']);
    expect(allStepsValid(NEW_PASSWORD_STEPS, { pwd: GOOD.pwd, matchPwd: GOOD.pwd })).toBe(true);
    expect(allStepsValid(NEW_PASSWORD_STEPS, { pwd: 'short', matchPwd: 'short' })).toBe(false);
  });
});

describe('canRegister', () => {
  it('needs both boxes ticked', () => {
    expect(canRegister({ detailsAreConfirmed: false, termsOfUseAccepted: false })).toBe(false);
    expect(canRegister({ detailsAreConfirmed: true, termsOfUseAccepted: false })).toBe(false);
    expect(canRegister({ detailsAreConfirmed: false, termsOfUseAccepted: true })).toBe(false);
    expect(canRegister({ detailsAreConfirmed: true, termsOfUseAccepted: true })).toBe(true);
  });
});
