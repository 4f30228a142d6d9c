import { Link } from 'react-router-dom';
import { formatHourlyRate } from '@mastr/rules/money.ts';
import type { GymCoach } from '@mastr/rules/api/directory.ts';
import { Avatar } from '../ui/index.ts';

/**
 * The gym's registered coaches, each card to /coaches/{id}. §2's reverse order (newest registration
 * first) is the order the server sends them in.
 */
export function GymCoachList({ coaches }: { coaches: readonly GymCoach[] }) {
  if (coaches.length === 0) return <p className="gym-profile__empty">No Coaches Registered to this Gym.</p>;
  return (
    <ul className="card-grid directory-grid">
      {coaches.map((coach) => {
        const name = `${coach.firstName} ${coach.lastName}`.trim();
        return (
          <li key={coach._id} className="card coach-card">
            <Avatar src={coach.profileImage} name={name} size="large" />
            <div>
              <h3 className="card__title">
                <Link className="card__link" to={`/coaches/${encodeURIComponent(coach._id)}`}>
                  {name}
                </Link>
              </h3>
              <p className="card__text">
                {coach.discipline}
                {coach.price ? ` · ${formatHourlyRate(coach.price)}` : ''}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
