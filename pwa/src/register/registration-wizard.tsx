import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SIGN_IN_PATH, type AccountKind } from '@mastr/rules/roles.ts';
import {
  FormMessage,
  errorMessage,
  successMessage,
  type Message,
  INVALID_ENTRY,
  registrationErrorText,
} from '../forms/index.ts';
import '../forms/forms.css';
import { ConfirmDetails } from './confirm-details.tsx';
import { register } from './register-api.ts';
import { Wizard } from './wizard.tsx';
import {
  REGISTRATION_STEPS,
  allStepsValid,
  canRegister,
  type Confirmations,
  type WizardValues,
} from './wizard-steps.ts';
import { PageTitle } from '../ui/index.ts';

interface RegistrationWizardProps {
  kind: AccountKind;
  heading: string;
  /** What this account is for; shown with a sign-in link on the first step only (§2). */
  lead: string;
}

/** The tab's title: the headings ('Register!') do not say which account is being made. */
const TITLES: Record<AccountKind, string> = {
  user: 'Register as a Member',
  coach: 'Register as a Coach',
  gym: 'Register your Gym',
};

const UNTICKED: Confirmations = { detailsAreConfirmed: false, termsOfUseAccepted: false };

/** A whole registration screen (§2, §5, §8): the wizard, the confirm boxes, the call and its message. */
export function RegistrationWizard({ kind, heading, lead }: RegistrationWizardProps) {
  const steps = REGISTRATION_STEPS[kind];
  const [values, setValues] = useState<WizardValues>({});
  const [confirmations, setConfirmations] = useState<Confirmations>(UNTICKED);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [registered, setRegistered] = useState(false);

  async function submit() {
    // The steps gate every field, but the request must never go out with a value the rules refuse.
    if (!allStepsValid(steps, values) || !canRegister(confirmations)) {
      setMessage(errorMessage(INVALID_ENTRY));
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const text = await register(kind, values, confirmations);
      setRegistered(true);
      setValues({}); // do not keep the password in memory once it is sent
      setMessage(successMessage(text || 'Registration Successful'));
    } catch (err) {
      setMessage(errorMessage(registrationErrorText(err)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="form-page">
      <PageTitle>{`${TITLES[kind]} · Mastr`}</PageTitle>
      <h1>{heading}</h1>
      <FormMessage message={message} />
      {registered ? (
        <p className="form-page__aside">
          <Link to={SIGN_IN_PATH[kind]}>Sign In</Link>
        </p>
      ) : (
        <Wizard
          steps={steps}
          values={values}
          onValueChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
          busy={busy}
          intro={
            <>
              <p className="form-page__lead">{lead}</p>
              <p className="form-page__aside">
                <Link to={SIGN_IN_PATH[kind]}>Already got an account?</Link>
              </p>
            </>
          }
          confirm={
            <ConfirmDetails steps={steps} values={values} confirmations={confirmations} onChange={setConfirmations} />
          }
          canSubmit={canRegister(confirmations)}
          submitLabel="Register"
          onSubmit={submit}
        />
      )}
    </main>
  );
}
