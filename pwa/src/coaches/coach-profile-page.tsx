import { Link, useParams } from 'react-router-dom';
import { formatHourlyRate } from '@mastr/rules/money.ts';
import { socialLinksOf } from '../coach-dashboard/index.ts';
import type { CoachDetail } from '@mastr/rules/api/directory.ts';
import { FormMessage } from '../forms/index.ts';
import { useUkToday } from '../lib/index.ts';
import { AvailabilityGrid } from './availability-grid.tsx';
import { coachFullName, sessionPreferenceView } from './coach-profile-model.ts';
import { ConfirmDetailsModal } from './confirm-details-modal.tsx';
import { Avatar, PageTitle } from '../ui/index.ts';
import { PageNotFound } from '../shell/index.ts';
import { useCoachBooking } from './use-coach-booking.ts';
import { useCoachProfile } from './use-coach-profile.ts';
import '../directory/directory.css';
import './coaches.css';

const NOT_REGISTERED =
  'This Coach is not registered to any Gyms! They must register to a gym before you can book a session with them!';

function CoachSummary({ coach, name }: { coach: CoachDetail; name: string }) {
  const preference = sessionPreferenceView(coach.sessionPreferenceType);
  const socials = socialLinksOf(coach);
  return (
    <header className="coach-profile__head">
      <Avatar src={coach.profileImage} name={name} size="large" />
      <div className="coach-profile__intro">
        <h1 className="coach-profile__name">{name}</h1>
        <p className="coach-profile__rate">{formatHourlyRate(coach.price)}</p>
        {coach.discipline && <p className="coach-profile__discipline">{coach.discipline}</p>}
        {preference && (
          <p className="coach-profile__preference">
            <strong>{preference.title}</strong> {preference.text}
          </p>
        )}
        {socials.length > 0 && (
          <ul className="coach-profile__socials" aria-label="Social media">
            {socials.map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${link.network} (opens in a new tab)`}
                >
                  {link.network}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}

function CoachBookingSection({
  coach,
  name,
  todayUk,
  onAvailability,
}: {
  coach: CoachDetail;
  name: string;
  todayUk: string;
  onAvailability: Parameters<typeof useCoachBooking>[1];
}) {
  const booking = useCoachBooking(coach, onAvailability);
  const gyms = coach.registeredGymsInformation ?? [];
  return (
    <section className="coach-profile__booking" aria-labelledby="coach-availability-title">
      <h2 id="coach-availability-title">Availability</h2>
      {gyms.length === 0 ? (
        <p className="coach-profile__unregistered">{NOT_REGISTERED}</p>
      ) : (
        <>
          <FormMessage message={booking.notice} />
          <AvailabilityGrid coach={coach} todayUk={todayUk} busy={booking.sending} onSelect={booking.select} />
        </>
      )}
      {booking.open && (
        <ConfirmDetailsModal
          coachName={name}
          price={coach.price}
          gyms={gyms}
          choice={booking.open.choice}
          sending={booking.sending}
          error={booking.modalError}
          returnFocusTo={booking.open.opener}
          onConfirm={booking.confirm}
          onCancel={booking.cancel}
        />
      )}
    </section>
  );
}

/** The gyms the coach works at (issue 15), each a link to its profile; nothing while there are none. */
function CoachGyms({ gyms }: { gyms: CoachDetail['registeredGymsInformation'] }) {
  if (gyms.length === 0) return null;
  return (
    <section className="coach-profile__gyms" aria-labelledby="coach-gyms-title">
      <h2 id="coach-gyms-title">Gyms</h2>
      <ul className="coach-gyms">
        {gyms.map((gym) => (
          <li key={gym._id}>
            <Link to={`/gyms/${gym._id}`} className="coach-gyms__link">
              <Avatar src={gym.profileImage} name={gym.gymName} size="small" />
              <span>{gym.gymName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /coaches/{id} (§2 "Coach profile"): who the coach is, what they charge, and their bookable week. */
export function CoachProfilePage() {
  const { id = '' } = useParams();
  const todayUk = useUkToday();
  const { state, replaceAvailability } = useCoachProfile(id, todayUk);

  if (state.phase === 'not-found') return <PageNotFound />;
  if (state.phase !== 'loaded') {
    return (
      // As tall as the screen while loading, so the footer is not pushed down the page when the
      // coach arrives (issue 24: layout shift 0.29).
      <main className="page coach-profile coach-profile--loading">
        {state.phase === 'loading' ? (
          <p role="status">Loading Coach...</p>
        ) : (
          <p className="directory-error" role="alert">
            Error: {state.message}
          </p>
        )}
      </main>
    );
  }
  const { coach } = state;
  const name = coachFullName(coach);
  return (
    <main className="page coach-profile">
      <PageTitle>{`${name} · Mastr`}</PageTitle>
      <CoachSummary coach={coach} name={name} />
      <CoachGyms gyms={coach.registeredGymsInformation ?? []} />
      <CoachBookingSection coach={coach} name={name} todayUk={todayUk} onAvailability={replaceAvailability} />
    </main>
  );
}
