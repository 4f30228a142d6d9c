/** Small building blocks every dashboard page uses, so pages stay a few lines each. */
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import type { NavItem } from '../shell/index.ts';
import './dashboard.css';
import { PageTitle } from '../ui/index.ts';

/** A dashboard page: its document title, section heading and content. */
export function DashboardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="dash-page" aria-labelledby="dash-page-title">
      <PageTitle>{`${title} · Mastr`}</PageTitle>
      <h1 id="dash-page-title" className="dash-page__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** A tile of a dashboard home; the whole title links to its section when `to` is given. */
export function Pod({ title, to, children }: { title: string; to?: string; children: ReactNode }) {
  return (
    <li className="pod">
      <h2 className="pod__title">{to ? <Link to={to}>{title}</Link> : title}</h2>
      <div className="pod__body">{children}</div>
    </li>
  );
}

export function PodGrid({ children }: { children: ReactNode }) {
  return <ul className="pod-grid">{children}</ul>;
}

/** A panel inside a page with its own heading. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="dash-panel">
      <h2 className="dash-panel__title">{title}</h2>
      {children}
    </section>
  );
}

export function StatusBadge({ active, labels }: { active: boolean; labels: readonly [on: string, off: string] }) {
  return <span className={active ? 'badge badge--on' : 'badge badge--off'}>{active ? labels[0] : labels[1]}</span>;
}

/** Label/value rows; empty values show as 'Not set' so a missing detail is visible, not silently blank. */
export function DetailsList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <div key={label} className="details__row">
          <dt>{label}</dt>
          <dd>
            {value === '' || value === null || value === undefined ? (
              <span className="details__empty">Not set</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Tabs between the sub-pages of one section (e.g. a gym's day-pass lists). */
export function SubNav({ label, items }: { label: string; items: readonly NavItem[] }) {
  return (
    <nav className="sub-tabs" aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className="sub-tabs__link">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
