import { memo } from 'react';
import { Link } from 'react-router-dom';
import { cardAvatars } from '@mastr/rules/listing.ts';
import { formatPence } from '@mastr/rules/money.ts';
import type { GymListItem } from '@mastr/rules/api/directory.ts';
import { Avatar } from '../ui/index.ts';
import '../directory/directory.css';

/**
 * A gym in the directory: logo, name, town, day-pass prices and up to nine active coaches' avatars
 * (§2, §4). Memoised: typing in the search box re-renders only the cards that come and go.
 */
export const GymCard = memo(function GymCard({ gym }: { gym: GymListItem }) {
  const avatars = cardAvatars(gym.coachesInformation ?? []);
  return (
    <li className="card gym-card">
      <div className="gym-card__head">
        <Avatar src={gym.profileImage} name={gym.gymName} size="large" />
        <div>
          <h2 className="card__title">
            <Link className="card__link" to={`/gyms/${encodeURIComponent(gym._id)}`}>
              {gym.gymName}
            </Link>
          </h2>
          <p className="card__text">{gym.address?.addressTownOrCity}</p>
        </div>
      </div>
      <p className="gym-card__prices">
        <span>Adult {formatPence(gym.adultDayPassPrice)}</span>
        <span>Kids {formatPence(gym.kidsDayPassPrice)}</span>
      </p>
      {avatars.length > 0 && (
        <>
          {/* Nine faces are noise to a screen reader; the count says the same. */}
          <p className="sr-only">{avatars.length === 1 ? '1 coach' : `${avatars.length} coaches`}</p>
          <ul className="avatar-row" aria-hidden="true">
            {avatars.map((coach) => (
              <li key={coach._id} title={`${coach.firstName} ${coach.lastName}`}>
                <Avatar src={coach.profileImage} name={coach.firstName} size="small" />
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
});
