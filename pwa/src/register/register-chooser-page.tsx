import { ChoiceCards, type Choice } from '../forms/index.ts';
import '../forms/forms.css';
import { PageTitle } from '../ui/index.ts';

const CHOICES: readonly Choice[] = [
  {
    to: '/register/user',
    title: 'Member',
    text: 'Buy day passes and classes, and book private sessions with gyms and coaches.',
    action: 'Sign Up',
  },
  {
    to: '/register/coach',
    title: 'Coach',
    text: 'Advertise PT sessions, control what you charge per session and get paid securely.',
    action: 'Sign Up',
  },
  {
    to: '/register/gym',
    title: 'Gym',
    text: 'Create a hub for your coaches, control the PTs registered to your gym and earn from your space.',
    action: 'Sign Up',
  },
];

/** /register: one card per account kind (§2). */
export function RegisterChooserPage() {
  return (
    <main className="form-page form-page--wide">
      <PageTitle>Register · Mastr</PageTitle>
      <h1>Register</h1>
      <p className="form-page__lead">Choose the account that fits you.</p>
      <ChoiceCards choices={CHOICES} />
    </main>
  );
}
