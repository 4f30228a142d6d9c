import { useEffect, useState } from 'react';
import type { CalendarFeedResponse, MailSettingsResponse } from '@mastr/rules/api/mail.ts';
import { isOptionalMailCategory } from '@mastr/rules/mail-categories.ts';
import type { AccountKind } from '@mastr/rules/roles.ts';
import { useOnline } from '../account-editing/index.ts';
import { Panel } from '../dashboard-frame/index.ts';
import '../forms/forms.css';
import { deleteCalendarLink, getMailSettings, postMailPreferences, postNewCalendarLink } from './mail-api.ts';
import {
  CALENDAR_LINK_OFF_TEXT,
  calendarStatusText,
  choiceSavedText,
  mailChoiceRows,
  withChoice,
  type MailChoiceRow,
} from './mail-settings-model.ts';
import './mail-settings.css';
import { useUniqueId } from '../lib/index.ts';

type Status = { text: string; error: boolean } | null;

function ChoiceSwitch({ row, busy, onChange }: { row: MailChoiceRow; busy: boolean; onChange(on: boolean): void }) {
  const id = useUniqueId();
  return (
    <li className="mail-choice">
      <div className="mail-choice__text">
        <label htmlFor={id} className="mail-choice__label">
          {row.label}
        </label>
        <p id={`${id}-hint`} className="form-field__hint">
          {row.hint}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="mail-choice__switch"
        checked={row.on}
        disabled={row.locked || busy}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
      />
    </li>
  );
}

function StatusLine({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <p role="status" className={status.error ? 'form-status form-status--error' : 'form-status form-status--success'}>
      {status.text}
    </p>
  );
}

function CalendarPanel({
  kind,
  createdAt,
  online,
  onChanged,
}: {
  kind: AccountKind;
  createdAt: string | null;
  online: boolean;
  onChanged: (createdAt: string | null) => void;
}) {
  const [link, setLink] = useState<CalendarFeedResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const run = async (action: () => Promise<void>, failed: string) => {
    setBusy(true);
    setStatus(null);
    try {
      await action();
    } catch {
      setStatus({ text: failed, error: true });
    } finally {
      setBusy(false);
    }
  };
  const make = () =>
    run(async () => {
      const made = await postNewCalendarLink(kind);
      setLink(made);
      onChanged(made.createdAt);
    }, 'The link could not be made. Please try again.');
  const turnOff = () =>
    run(async () => {
      const settings = await deleteCalendarLink(kind);
      setLink(null);
      onChanged(settings.calendarFeedCreatedAt);
      setStatus({ text: CALENDAR_LINK_OFF_TEXT, error: false });
    }, 'The link could not be turned off. Please try again.');
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setStatus({ text: 'Link copied.', error: false });
    } catch {
      setStatus({ text: 'Copying is not allowed here: select the link and copy it.', error: true });
    }
  };
  const hasLink = Boolean(createdAt || link);
  return (
    <Panel title="Calendar">
      <p>Your upcoming bookings in your phone’s or computer’s calendar, kept up to date. Keep the link private.</p>
      {link ? (
        <div className="calendar-link">
          <input className="calendar-link__url" readOnly value={link.url} aria-label="Your calendar link" />
          <div className="edit-form__actions">
            <a className="button button--primary" href={link.webcalUrl}>
              Add to calendar
            </a>
            <button type="button" className="button" onClick={() => void copy()}>
              Copy link
            </button>
          </div>
        </div>
      ) : (
        <p className="form-field__hint">{calendarStatusText(createdAt)}</p>
      )}
      <StatusLine status={status} />
      <div className="edit-form__actions">
        <button
          type="button"
          className="button"
          disabled={busy || !online}
          aria-busy={busy}
          onClick={() => void make()}
        >
          {hasLink ? 'Make a new link' : 'Make my calendar link'}
        </button>
        {hasLink && (
          <button
            type="button"
            className="button button--ghost"
            disabled={busy || !online}
            onClick={() => void turnOff()}
          >
            Turn off link
          </button>
        )}
      </div>
    </Panel>
  );
}

/**
 * The account page's Emails panel (a switch per optional category, the transactional ones shown
 * always on) and Calendar panel (the private feed link), read from and saved to the server.
 */
export function MailSettingsPanels({ kind }: { kind: AccountKind }) {
  const online = useOnline();
  const [settings, setSettings] = useState<MailSettingsResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  useEffect(() => {
    let live = true;
    getMailSettings(kind).then(
      (answer) => live && setSettings(answer),
      () => live && setStatus({ text: 'Your email choices could not be loaded.', error: true }),
    );
    return () => {
      live = false;
    };
  }, [kind]);

  const change = async (row: MailChoiceRow, on: boolean) => {
    if (!settings || !isOptionalMailCategory(row.category)) return;
    const category = row.category;
    const before = settings;
    setSettings(withChoice(settings, category, on));
    setBusy(true);
    setStatus(null);
    try {
      setSettings(await postMailPreferences(kind, { [category]: on }));
      setStatus({ text: choiceSavedText(category, on), error: false });
    } catch {
      setSettings(before);
      setStatus({ text: 'Your choice could not be saved. Please try again.', error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Panel title="Emails">
        {settings ? (
          <ul className="mail-choices">
            {mailChoiceRows(settings).map((row) => (
              <ChoiceSwitch
                key={row.category}
                row={row}
                busy={busy || !online}
                onChange={(on) => void change(row, on)}
              />
            ))}
          </ul>
        ) : (
          !status && <p role="status">Loading your email choices…</p>
        )}
        <StatusLine status={status} />
      </Panel>
      {settings && (
        <CalendarPanel
          kind={kind}
          createdAt={settings.calendarFeedCreatedAt}
          online={online}
          onChanged={(createdAt) => setSettings((now) => now && { ...now, calendarFeedCreatedAt: createdAt })}
        />
      )}
    </>
  );
}
