/** /userdashboard/daypasses: the Day Passes and Mastr Class tabs over the member's local copy of their passes. */
import { useMemo } from 'react';
import { NavLink, Outlet, useOutletContext } from 'react-router-dom';
import { USER_DAY_PASS_TABS } from '../dashboard-frame/index.ts';
import { useDayPasses, useMastrPasses, useSyncStatus } from '../data/index.ts';
import { CheckoutPaidNotice } from '../payments/index.ts';
import { useUkToday } from '../lib/index.ts';
import { memberPasses, type MemberPasses } from './member-passes-model.ts';
import './member-passes.css';

export interface MemberPassesState {
  passes: MemberPasses;
  /** False until the device's own copy has answered (it does so offline too). */
  ready: boolean;
  /** Why the device cannot hold the passes, if it cannot. */
  failure: string | null;
}

/** Badge counts in the order of USER_DAY_PASS_TABS: Day Passes, then Mastr Class. */
const tabCounts = (passes: MemberPasses) => [passes.dayPasses.length, passes.mastrPasses.length];

export function MemberPassesLayout() {
  const dayPassDocs = useDayPasses();
  const mastrPassDocs = useMastrPasses();
  const { failure } = useSyncStatus();
  const today = useUkToday();
  // Recomputed when the passes change or the UK date moves on (today's passes become past).
  const passes = useMemo(
    () => memberPasses(dayPassDocs.docs, mastrPassDocs.docs, new Date()),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `today` is the trigger, `new Date()` the value.
    [dayPassDocs.docs, mastrPassDocs.docs, today],
  );
  const ready = dayPassDocs.ready && mastrPassDocs.ready;
  // Every pass on the device, cancelled and past ones too: a checkout's pass may be waited for by id.
  const passIds = useMemo(
    () => [...dayPassDocs.docs, ...mastrPassDocs.docs].map((pass) => pass.passId),
    [dayPassDocs.docs, mastrPassDocs.docs],
  );

  return (
    <>
      <nav className="sub-tabs" aria-label="Passes">
        <ul>
          {USER_DAY_PASS_TABS.map((tab, i) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end className="sub-tabs__link">
                {tab.label}
                {ready && <span className="count-badge">{tabCounts(passes)[i]}</span>}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <CheckoutPaidNotice passIds={passIds} />
      <Outlet context={{ passes, ready, failure } satisfies MemberPassesState} />
    </>
  );
}

export function useMemberPasses(): MemberPassesState {
  return useOutletContext<MemberPassesState>();
}
