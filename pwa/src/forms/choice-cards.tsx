import { Link } from 'react-router-dom';
import './forms.css';

export interface Choice {
  to: string;
  title: string;
  text: string;
  action: string;
  /** A short mark drawn on the card (the sign-in chooser's M, C, G). */
  badge?: string;
}

/** The three account kinds as cards: the /register and /auth choosers. */
export function ChoiceCards({ choices }: { choices: readonly Choice[] }) {
  return (
    <ul className="choice-cards">
      {choices.map((choice) => (
        <li key={choice.to} className="choice-card">
          {choice.badge && (
            <span className="choice-card__badge" aria-hidden="true">
              {choice.badge}
            </span>
          )}
          <h2 className="choice-card__title">{choice.title}</h2>
          <p className="choice-card__text">{choice.text}</p>
          <Link
            className="form-button form-button--primary"
            to={choice.to}
            aria-label={`${choice.action}: ${choice.title}`}
          >
            {choice.action}
          </Link>
        </li>
      ))}
    </ul>
  );
}
