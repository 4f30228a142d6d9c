import { Link, useParams } from 'react-router-dom';
import { fetchGym } from '../directory/index.ts';
import { CheckoutCancelledNotice } from '../payments/index.ts';
import { useDirectoryLoad, useUkToday } from '../lib/index.ts';
import { GymCoachList } from './gym-coach-list.tsx';
import { GymProfileHeader } from './gym-profile-header.tsx';
import { PageNotFound } from '../shell/index.ts';
import { Timetable } from './timetable.tsx';
import '../directory/directory.css';
import './gyms.css';
import { PageTitle } from '../ui/index.ts';

/** What a member holding a pass sees on the page of a gym that is no longer listed (decision 65). */
const UNLISTED_NOTICE =
  'This gym is no longer listed on Mastr, so it sells no new passes here. The passes you hold stay valid: show your entry code at the front desk as usual.';

/** /gyms/{id} — a public gym: profile, two-week timetable with bookings, and its coaches (§2). */
export function GymProfilePage() {
  const { id = '' } = useParams();
  const load = useDirectoryLoad(id, (signal) => fetchGym(id, signal));
  const today = useUkToday();
  if (load.state === 'missing') return <PageNotFound />;
  const gym = load.state === 'ready' ? load.data : null;
  const failure = load.state === 'failed' ? `Error: ${load.message}` : '';

  // While the gym loads, the cover and one status line only, on a page as tall as the screen: the
  // header, timetable and coaches then appear together below the cover instead of pushing down
  // what was already shown (issue 24: layout shift 0.37 on desktop, up to 0.62 on a phone).
  if (load.state === 'loading')
    return (
      <main className="gym-profile gym-profile--loading">
        <PageTitle>Gym — Mastr</PageTitle>
        <div className="gym-header__cover">
          <h1 className="sr-only">Gym profile</h1>
        </div>
        <p className="page" role="status">
          Loading Gym...
        </p>
      </main>
    );

  return (
    <main className="gym-profile">
      <PageTitle>{gym ? `${gym.gymName} — Mastr` : 'Gym — Mastr'}</PageTitle>
      <CheckoutCancelledNotice />
      {gym ? (
        <GymProfileHeader gym={gym} />
      ) : (
        <div className="gym-header__cover">
          <h1 className="sr-only">Gym profile</h1>
        </div>
      )}
      {gym && !gym.listed && (
        <p className="page gym-profile__unlisted" role="status">
          {UNLISTED_NOTICE}
        </p>
      )}
      <section className="page gym-profile__section" aria-labelledby="timetable-title">
        <h2 id="timetable-title" className="section-title">
          Timetable
        </h2>
        {gym ? (
          <Timetable gym={gym} today={today} />
        ) : (
          <p className="directory-error" role="alert">
            {failure}
          </p>
        )}
      </section>
      <section className="page gym-profile__section" aria-labelledby="coaches-title">
        <h2 id="coaches-title" className="section-title">
          Coaches
        </h2>
        {gym ? (
          <>
            <GymCoachList coaches={gym.coachesInformation} />
            {gym.coachesInformation.length > 0 && (
              <Link to={`/gyms/${encodeURIComponent(gym._id)}/coaches`}>All of {gym.gymName}'s coaches</Link>
            )}
          </>
        ) : (
          // One failure message is enough: the timetable's section already says it to screen readers.
          <p className="directory-error">{failure}</p>
        )}
      </section>
    </main>
  );
}
