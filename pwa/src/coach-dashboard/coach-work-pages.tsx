/** The coach's working sections whose features come in later issues: each says what it will hold. */
import { ComingNote, DashboardPage } from '../dashboard-frame/dashboard-parts.tsx';

export function CoachAuctionPage() {
  return (
    <DashboardPage title="Auction">
      <ComingNote>The PT requests posted by your registered gyms arrive with the auction.</ComingNote>
    </DashboardPage>
  );
}

/** /coachdashboard/auction/:id — one gym's requests; the gym's name comes with the auction call. */
export function CoachAuctionGymPage() {
  return (
    <DashboardPage title="Auction">
      <ComingNote>This gym's PT requests, and applying for them, arrive with the auction.</ComingNote>
    </DashboardPage>
  );
}
