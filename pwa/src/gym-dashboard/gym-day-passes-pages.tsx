import { Outlet } from 'react-router-dom';
import { GYM_DAY_PASS_TABS, SubNav } from '../dashboard-frame/index.ts';

/** /gymdashboard/daypasses/*: tabs over the day-pass lists. */
export function GymDayPassesLayout() {
  return (
    <>
      <SubNav label="Day pass lists" items={GYM_DAY_PASS_TABS} />
      <Outlet />
    </>
  );
}
