import { RegistrationWizard } from './registration-wizard.tsx';

export function RegisterCoachPage() {
  return (
    <RegistrationWizard
      kind="coach"
      heading="Coach Registration"
      lead="Advertise your PT sessions and control what you charge per session."
    />
  );
}
