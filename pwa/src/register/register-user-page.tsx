import { RegistrationWizard } from './registration-wizard.tsx';

export function RegisterUserPage() {
  return (
    <RegistrationWizard
      kind="user"
      heading="Member Registration"
      lead="Book day passes, classes and private sessions at combat-sport gyms near you."
    />
  );
}
