import { Link } from 'react-router-dom';
import { CheckboxField } from '../forms/index.ts';
import '../forms/forms.css';
import type { Confirmations, WizardStep, WizardValues } from './wizard-steps.ts';

interface ConfirmDetailsProps {
  steps: readonly WizardStep[];
  values: WizardValues;
  confirmations: Confirmations;
  onChange(confirmations: Confirmations): void;
}

/** The wizard's last screen: what was entered (never the password) and the two boxes Register needs. */
export function ConfirmDetails({ steps, values, confirmations, onChange }: ConfirmDetailsProps) {
  const shown = steps.filter((step) => step.type !== 'password');
  return (
    <fieldset className="form-confirm">
      <legend className="form-confirm__legend">Confirm your details</legend>
      <dl className="form-confirm__details">
        {shown.map((step) => (
          <div key={step.field}>
            <dt>{step.label}</dt>
            <dd>{values[step.field]}</dd>
          </div>
        ))}
      </dl>
      <CheckboxField
        label="My Details are Correct"
        checked={confirmations.detailsAreConfirmed}
        onChange={(detailsAreConfirmed) => onChange({ ...confirmations, detailsAreConfirmed })}
      />
      <CheckboxField
        label="Read and Accept the Terms of Use"
        checked={confirmations.termsOfUseAccepted}
        onChange={(termsOfUseAccepted) => onChange({ ...confirmations, termsOfUseAccepted })}
        extra={
          // Every wizard opens the terms in a new tab (§2 says so for the gym; decision 54 for all three):
          // following the link in the same tab and coming Back emptied the wizard, password included.
          <Link
            to="/policy/termsofuse"
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Read the Terms of Use (opens in a new tab)"
          >
            Read
          </Link>
        }
      />
    </fieldset>
  );
}
