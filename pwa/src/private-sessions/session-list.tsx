/** A titled list of sessions or requests with its empty text, read from the device (offline too). */
import type { ReactNode } from 'react';
import { Panel } from '../dashboard-frame/index.ts';
import type { SessionWhen } from './session-requests-model.ts';
import './private-sessions.css';

interface SessionSectionProps<T> {
  title: string;
  empty: string;
  ready: boolean;
  items: readonly T[];
  children(item: T): ReactNode;
}

export function SessionSection<T extends { id: string }>({
  title,
  empty,
  ready,
  items,
  children,
}: SessionSectionProps<T>) {
  let body: ReactNode;
  if (!ready)
    body = (
      <p className="dash-empty" role="status">
        Loading {title}…
      </p>
    );
  else if (items.length === 0) body = <p className="dash-empty">{empty}</p>;
  else
    body = (
      <ul className="session-list">
        {items.map((item) => (
          <li key={item.id} className="session-card">
            {children(item)}
          </li>
        ))}
      </ul>
    );
  return <Panel title={title}>{body}</Panel>;
}

/** The card's heading, when and details. */
export function SessionCardText({
  title,
  when,
  details,
}: {
  title: string;
  when: SessionWhen;
  details: readonly string[];
}) {
  return (
    <>
      <h3 className="session-card__title">{title}</h3>
      <p className="session-card__when">
        {when.date}, {when.time}
      </p>
      {details.filter(Boolean).map((detail) => (
        <p key={detail} className="session-card__detail">
          {detail}
        </p>
      ))}
    </>
  );
}

export function SessionError({ text }: { text: string }) {
  return text ? (
    <p className="session-error" role="alert">
      {text}
    </p>
  ) : null;
}
