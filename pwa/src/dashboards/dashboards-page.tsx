import { ChoiceCards, type Choice } from '../forms/index.ts';
import { PageTitle } from '../ui/index.ts';

const CHOICES: readonly Choice[] = [
  {
    to: '/gymdashboard',
    badge: 'G',
    title: 'Gym Dashboard',
    text: 'Your schedule, day passes, check-ins, coaches and payments.',
    action: 'Open',
  },
  {
    to: '/coachdashboard',
    badge: 'C',
    title: 'Coach Dashboard',
    text: 'Your availability, bookings, PT requests, gyms and payments.',
    action: 'Open',
  },
];

/** /dashboards — the gym and coach dashboards (§2); each asks its owner to sign in first. */
export function DashboardsPage() {
  return (
    <main className="page">
      <PageTitle>Dashboards · Mastr</PageTitle>
      <h1>Dashboards</h1>
      <p className="lead">Gyms and coaches run their business on Mastr from their dashboard.</p>
      <ChoiceCards choices={CHOICES} />
    </main>
  );
}
