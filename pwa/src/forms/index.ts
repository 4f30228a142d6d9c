// The forms folder's public surface: what other folders may import from it.
export { CheckboxField } from './checkbox-field.tsx';
export { type Choice, ChoiceCards } from './choice-cards.tsx';
export { ChoiceSelect } from './choice-select.tsx';
export {
  forgottenPasswordErrorText,
  INVALID_ENTRY,
  registrationErrorText,
  resetPasswordErrorText,
  signInErrorText,
} from './error-texts.ts';
export { errorMessage, FormMessage, type Message, successMessage } from './form-message.tsx';
export { TextField } from './text-field.tsx';
