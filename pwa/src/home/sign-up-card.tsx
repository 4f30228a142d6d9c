import { Link } from 'react-router-dom';
import { useUniqueId } from '../lib/index.ts';

interface SignUpCardProps {
  title: string;
  points: readonly string[];
  to: string;
}

/**
 * A sign-up card of the home page. Both cards' buttons read 'Register Gym' (§2), so each button is
 * described by its card's title for screen-reader users who list links out of context.
 */
export function SignUpCard({ title, points, to }: SignUpCardProps) {
  const titleId = useUniqueId();
  return (
    <li className="card card--feature">
      <h3 id={titleId} className="card__title">
        {title}
      </h3>
      <ul className="tick-list">
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <Link to={to} className="button button--primary" aria-describedby={titleId}>
        Register Gym
      </Link>
    </li>
  );
}
