/**
 * The registration wizards as a pure step model (§2 "Registration wizards", §4, §5): one field per
 * step; Next only when that step and every earlier one is valid, so the wizard moves strictly
 * forward; the confirm screen follows the last field.
 */
import type { AccountKind } from '@mastr/rules/roles.ts';
import {
  HINTS,
  MAX_NAME_LENGTH,
  isNonEmptyName,
  isValidEmail,
  isValidMobile,
  isValidPassword,
} from '@mastr/rules/validation.ts';

export type WizardField = 'firstName' | 'lastName' | 'gymName' | 'email' | 'mobile' | 'pwd' | 'matchPwd';
export type WizardValues = Partial<Record<WizardField, string>>;

export interface WizardStep {
  field: WizardField;
  label: string;
  type: 'text' | 'email' | 'tel' | 'password';
  autoComplete: string;
  hint?: string;
  maxLength?: number;
}

const name = (field: WizardField, label: string, autoComplete: string): WizardStep => ({
  field,
  label,
  type: 'text',
  autoComplete,
  maxLength: MAX_NAME_LENGTH,
});
const email = (hint: string): WizardStep => ({
  field: 'email',
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  hint,
});
const mobile: WizardStep = { field: 'mobile', label: 'Mobile', type: 'tel', autoComplete: 'tel', hint: HINTS.mobile };
const password: WizardStep = {
  field: 'pwd',
  label: 'Password',
  type: 'password',
  autoComplete: 'new-password',
  hint: HINTS.password,
};
const confirmPassword: WizardStep = {
  field: 'matchPwd',
  label: 'Confirm Password',
  type: 'password',
  autoComplete: 'new-password',
  hint: HINTS.confirmPassword,
};

export const REGISTRATION_STEPS: Record<AccountKind, readonly WizardStep[]> = {
  user: [name('firstName', 'First Name', 'given-name'), email(HINTS.email), mobile, password, confirmPassword],
  coach: [
    name('firstName', 'First Name', 'given-name'),
    name('lastName', 'Last Name', 'family-name'),
    email(HINTS.email),
    mobile,
    password,
    confirmPassword,
  ],
  gym: [name('gymName', 'Name of Gym', 'organization'), email(HINTS.gymEmail), mobile, password, confirmPassword],
};

/** The reset screen's two steps (§2 "Forgotten password and reset"). */
export const NEW_PASSWORD_STEPS: readonly WizardStep[] = [password, confirmPassword];

/** What a keystroke stores: emails are lower-cased as typed (§5). */
export function typedValue(field: WizardField, raw: string): string {
  return field === 'email' ? raw.toLowerCase() : raw;
}

export function isFieldValid(field: WizardField, values: WizardValues): boolean {
  const value = values[field] ?? '';
  switch (field) {
    case 'firstName':
    case 'lastName':
    case 'gymName':
      return isNonEmptyName(value) && value.trim().length <= MAX_NAME_LENGTH;
    case 'email':
      return isValidEmail(value);
    case 'mobile':
      return isValidMobile(value);
    case 'pwd':
      return isValidPassword(value);
    case 'matchPwd':
      return value !== '' && value === values.pwd;
  }
}

export function isStepValid(steps: readonly WizardStep[], index: number, values: WizardValues): boolean {
  const step = steps[index];
  return step !== undefined && isFieldValid(step.field, values);
}

/** Index of the first step that is not valid, or steps.length when all are. */
export function firstInvalidStep(steps: readonly WizardStep[], values: WizardValues): number {
  const index = steps.findIndex((step) => !isFieldValid(step.field, values));
  return index === -1 ? steps.length : index;
}

/** Next is enabled on a field step only when it and every earlier step are valid. */
export function canAdvance(steps: readonly WizardStep[], index: number, values: WizardValues): boolean {
  return index >= 0 && index < steps.length && firstInvalidStep(steps, values) > index;
}

/** One step forward when allowed; never skips, never moves past the confirm screen (index steps.length). */
export function advance(steps: readonly WizardStep[], index: number, values: WizardValues): number {
  return canAdvance(steps, index, values) ? index + 1 : index;
}

export function goBack(index: number): number {
  return Math.max(0, index - 1);
}

/** The final re-check before any call: a failure shows 'Invalid Entry' (§5). */
export function allStepsValid(steps: readonly WizardStep[], values: WizardValues): boolean {
  return firstInvalidStep(steps, values) === steps.length;
}

export interface Confirmations {
  detailsAreConfirmed: boolean;
  termsOfUseAccepted: boolean;
}

/** Register is enabled only when every box on the confirm screen is ticked. */
export function canRegister(confirmations: Confirmations): boolean {
  return confirmations.detailsAreConfirmed && confirmations.termsOfUseAccepted;
}
