/** /gymdashboard/stripe and /coachdashboard/stripe (§2 "Stripe"). Stripe sends the browser back to them, so they ask for a fresh profile. */
import { DashboardPage, ProfileGate, useFreshMeProfile } from '../dashboard-frame/index.ts';
import { PlanPanel } from './plan-panel.tsx';
import { StripeAccountPanel } from './stripe-account-panel.tsx';
import './payments.css';

export function GymStripePage() {
  useFreshMeProfile('gym');
  return (
    <DashboardPage title="Stripe">
      <ProfileGate kind="gym">
        {(gym) => (
          <>
            <StripeAccountPanel kind="gym" detailsSubmitted={gym.stripeAccountDetailsSubmittedStatus} />
            <PlanPanel gym={gym} />
          </>
        )}
      </ProfileGate>
    </DashboardPage>
  );
}

export function CoachStripePage() {
  useFreshMeProfile('coach');
  return (
    <DashboardPage title="Stripe">
      <ProfileGate kind="coach">
        {(coach) => <StripeAccountPanel kind="coach" detailsSubmitted={coach.stripeAccountDetailsSubmittedStatus} />}
      </ProfileGate>
    </DashboardPage>
  );
}
