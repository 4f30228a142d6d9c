/** POST /api/register/{kind} (§7): bodies per §3, cookies sent; the server answers with a message. */
import type { RegistrationRequest } from '@mastr/rules/api/auth.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { normaliseEmail } from '@mastr/rules/validation.ts';
import { callApi } from '../api/index.ts';
import type { Confirmations, WizardValues } from './wizard-steps.ts';

export function registrationBody(
  kind: AccountKind,
  values: WizardValues,
  confirmations: Confirmations,
): RegistrationRequest {
  const common = {
    email: normaliseEmail(values.email ?? ''),
    mobile: (values.mobile ?? '').trim(),
    pwd: values.pwd ?? '',
    detailsAreConfirmed: confirmations.detailsAreConfirmed,
    termsOfUseAccepted: confirmations.termsOfUseAccepted,
  };
  const trimmed = (field: 'firstName' | 'lastName' | 'gymName') => (values[field] ?? '').trim();
  switch (kind) {
    case 'user':
      return { firstName: trimmed('firstName'), ...common };
    case 'coach':
      return { firstName: trimmed('firstName'), lastName: trimmed('lastName'), ...common };
    case 'gym':
      return { gymName: trimmed('gymName'), ...common };
  }
}

export async function register(kind: AccountKind, values: WizardValues, confirmations: Confirmations): Promise<string> {
  const result = await callApi(`POST /api/register/${kind}`, {
    body: registrationBody(kind, values, confirmations),
    credentials: true,
  });
  return result?.message ?? '';
}
