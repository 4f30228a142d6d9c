import { Link } from 'react-router-dom';
import { hasChecklist, type GoLiveChecklist } from './go-live-checklist.ts';
import './dashboard-home.css';

/**
 * The go-live checklist on a dashboard home (go-live-checklist.ts): the coach's banner, then what is
 * still missing, each step a link to the page where it is done. Nothing once the account is live.
 */
export function GoLiveChecklistPanel({ checklist }: { checklist: GoLiveChecklist }) {
  if (!hasChecklist(checklist)) return null;
  const { active, steps, plan, banner } = checklist;
  return (
    <section className="go-live" aria-labelledby="go-live-title">
      {banner && (
        <p className="go-live__banner" role="status">
          {banner}
        </p>
      )}
      <h2 id="go-live-title" className="go-live__title">
        {active ? 'Get listed' : 'Go live checklist'}
      </h2>
      {!active && (
        <p className="go-live__intro">
          {steps.length > 0 ? 'Your account becomes Active once these are done:' : 'Your account is not Active yet.'}
        </p>
      )}
      {active && plan && <p className="go-live__intro">Your gym is Active but not subscribed, so it is not listed.</p>}
      <ol className="go-live__steps">
        {steps.map((step) => (
          <li key={step.key}>
            <Link to={step.to}>{step.label}</Link>
          </li>
        ))}
        {plan && (
          <li key={plan.key}>
            <Link to={plan.to}>{plan.label}</Link>
          </li>
        )}
      </ol>
    </section>
  );
}
