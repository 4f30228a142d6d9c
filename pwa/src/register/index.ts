// What other folders use from register/ (decision 187): the wizard the password reset shares; app.tsx
// loads the registration pages lazily by their own files.
export { Wizard } from './wizard.tsx';
export { NEW_PASSWORD_STEPS, allStepsValid, type WizardValues } from './wizard-steps.ts';
