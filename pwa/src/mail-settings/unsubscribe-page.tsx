import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { statusOf } from '../api/index.ts';
import '../forms/forms.css';
import { postUnsubscribe } from './mail-api.ts';
import { unsubscribeCategoryOf, unsubscribeText } from './mail-settings-model.ts';
import './mail-settings.css';
import { PageTitle } from '../ui/index.ts';

type Outcome = 'asking' | 'sending' | 'done' | 'not-found' | 'failed';

/**
 * /mail/unsubscribe/{token}: where an email's "Turn them off" link lands in a browser. It says which
 * emails stop and asks first: opening the link changes nothing (mail scanners open every link), the
 * button makes the same one-click call a mail client makes (RFC 8058). No sign-in needed.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const category = unsubscribeCategoryOf(token);
  const [outcome, setOutcome] = useState<Outcome>(category ? 'asking' : 'not-found');
  const [message, setMessage] = useState('');

  const confirm = async () => {
    setOutcome('sending');
    try {
      setMessage((await postUnsubscribe(token)).message);
      setOutcome('done');
    } catch (err) {
      setOutcome(statusOf(err) === 404 ? 'not-found' : 'failed');
    }
  };

  if (!category || outcome === 'not-found')
    return (
      <main className="form-page unsubscribe-page">
        <PageTitle>Unsubscribe · Mastr</PageTitle>
        <h1>Link not recognised</h1>
        <p>This unsubscribe link is not valid. You can change your email choices on your account page.</p>
      </main>
    );
  const text = unsubscribeText(category);
  return (
    <main className="form-page unsubscribe-page">
      <PageTitle>Unsubscribe · Mastr</PageTitle>
      <h1>{outcome === 'done' ? 'Unsubscribed' : text.title}</h1>
      {outcome === 'done' ? (
        <p role="status" className="form-status form-status--success">
          {message}
        </p>
      ) : (
        <>
          <p>{text.stops}</p>
          <p>{text.stays}</p>
          {outcome === 'failed' && (
            <p role="alert" className="form-status form-status--error">
              That did not work. Please try again.
            </p>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={outcome === 'sending'}
            aria-busy={outcome === 'sending'}
            onClick={() => void confirm()}
          >
            Stop these emails
          </button>
        </>
      )}
      <p className="form-page__aside">
        <Link to="/dashboards">Your account</Link>
      </p>
    </main>
  );
}
