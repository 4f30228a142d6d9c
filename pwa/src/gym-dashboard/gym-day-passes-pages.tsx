import { Outlet } from 'react-router-dom';
import { GYM_DAY_PASS_TABS } from '../dashboard-frame/dashboard-navs.ts';
import { SubNav } from '../dashboard-frame/dashboard-parts.tsx';

/** /gymdashboard/daypasses/*: tabs over the day-pass lists. */
export function GymDayPassesLayout() {
  return (
    <>
      <SubNav label="Day pass lists" items={GYM_DAY_PASS_TABS} />
      <Outlet />
    </>
  );
}
