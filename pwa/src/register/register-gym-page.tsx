import { RegistrationWizard } from './registration-wizard.tsx';

export function RegisterGymPage() {
  return (
    <RegistrationWizard kind="gym" heading="Register!" lead="Sign Up your Gym to set up a Hub for your Coaches." />
  );
}
