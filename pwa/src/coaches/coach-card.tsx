import { memo } from 'react';
import { Link } from 'react-router-dom';
import { cardAvatars } from '@mastr/rules/listing.ts';
import { formatHourlyRate } from '@mastr/rules/money.ts';
import type { CoachListItem, GymAvatar } from '@mastr/rules/api/directory.ts';
import { coachFullName } from './coach-profile-model.ts';
import { Avatar } from '../ui/index.ts';

function GymAvatars({ gyms }: { gyms: readonly GymAvatar[] }) {
  const shown = cardAvatars(gyms);
  if (!shown.length) return null;
  return (
    <ul className="avatar-row" aria-label="Gyms">
      {shown.map((gym) => (
        <li key={gym._id} title={gym.gymName}>
          <Avatar src={gym.profileImage} name={gym.gymName} size="small" labelled />
        </li>
      ))}
    </ul>
  );
}

/** A coach on /coaches: the whole card links to the profile (§2). Memoised: typing re-renders only cards that come and go. */
export const CoachCard = memo(function CoachCard({ coach }: { coach: CoachListItem }) {
  const name = coachFullName(coach);
  return (
    <li className="card coach-card">
      <div className="coach-card__head">
        <Avatar src={coach.profileImage} name={name} size="large" />
        <div>
          <h2 className="card__title coach-card__name">
            <Link className="card__link" to={`/coaches/${encodeURIComponent(coach._id)}`}>
              {name}
            </Link>
          </h2>
          {coach.discipline && <p className="card__text">{coach.discipline}</p>}
          <p className="coach-card__rate">{formatHourlyRate(coach.price)}</p>
        </div>
      </div>
      <GymAvatars gyms={coach.gymsInformation ?? []} />
    </li>
  );
});
