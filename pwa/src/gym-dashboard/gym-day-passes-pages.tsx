import { Outlet } from 'react-router-dom';
import { GYM_DAY_PASS_TABS } from '../dashboard-frame/dashboard-navs.ts';
import { ComingNote, DashboardPage, SubNav } from '../dashboard-frame/dashboard-parts.tsx';

/** /gymdashboard/daypasses/*: tabs over the day-pass lists. */
export function GymDayPassesLayout() {
  return (
    <>
      <SubNav label="Day pass lists" items={GYM_DAY_PASS_TABS} />
      <Outlet />
    </>
  );
}

const LISTS = {
  home: { title: 'Day Passes', note: "Today's and upcoming day passes and Mastr Class passes arrive with the offline front desk." },
  today: { title: "Today's Day Passes", note: "Today's passes and their check-in arrive with the offline front desk." },
  upcoming: { title: 'Upcoming Day Passes', note: 'Upcoming passes, and cancelling them, arrive with the offline front desk.' },
  mastr: { title: 'Mastr Class Passes', note: 'Mastr Class passes and their check-in arrive with the offline front desk.' },
} as const;

export function GymDayPassesPage({ list }: { list: keyof typeof LISTS }) {
  const { title, note } = LISTS[list];
  return (
    <DashboardPage title={title}>
      <ComingNote>{note}</ComingNote>
    </DashboardPage>
  );
}
