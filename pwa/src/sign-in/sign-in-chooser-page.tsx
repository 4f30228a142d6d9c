import { NO_ACCOUNT_YET } from '@mastr/rules/texts.ts';
import { Link } from 'react-router-dom';
import { ChoiceCards, type Choice } from '../forms/index.ts';
import '../forms/forms.css';
import { PageTitle } from '../ui/index.ts';

const CHOICES: readonly Choice[] = [
  {
    to: '/auth/user',
    badge: 'M',
    title: 'User',
    text: 'Members: your day passes, classes and private sessions.',
    action: 'Sign In',
  },
  {
    to: '/auth/coach',
    badge: 'C',
    title: 'Coach',
    text: 'Your coach dashboard: availability, sessions and gyms.',
    action: 'Sign In',
  },
  {
    to: '/auth/gym',
    badge: 'G',
    title: 'Gym',
    text: 'Your gym dashboard: schedule, passes, coaches and check-ins.',
    action: 'Sign In',
  },
];

/** /auth: one sign-in card per account kind (§2). */
export function SignInChooserPage() {
  return (
    <main className="form-page form-page--wide">
      <PageTitle>Sign In · Mastr</PageTitle>
      <h1>Sign In</h1>
      <ChoiceCards choices={CHOICES} />
      <p className="form-page__aside">
        <Link to="/register">{NO_ACCOUNT_YET}</Link>
      </p>
    </main>
  );
}
