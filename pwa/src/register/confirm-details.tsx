import { Link } from 'react-router-dom';
import { CheckboxField } from '../forms/checkbox-field.tsx';
import '../forms/forms.css';
import type { Confirmations, WizardStep, WizardValues } from './wizard-steps.ts';

interface ConfirmDetailsProps {
  steps: readonly WizardStep[];
  values: WizardValues;
  confirmations: Confirmations;
  onChange(confirmations: Confirmations): void;
  /** The gym form opens the terms in a new tab so its wizard keeps what was typed (§2). */
  termsInNewTab: boolean;
}

/** The wizard's last screen: what was entered (never the password) and the two boxes Register needs. */
export function ConfirmDetails({ steps, values, confirmations, onChange, termsInNewTab }: ConfirmDetailsProps) {
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
          termsInNewTab ? (
            <Link
              to="/policy/termsofuse"
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Read the Terms of Use (opens in a new tab)"
            >
              Read
            </Link>
          ) : (
            <Link to="/policy/termsofuse" aria-label="Read the Terms of Use">
              Read
            </Link>
          )
        }
      />
    </fieldset>
  );
}
