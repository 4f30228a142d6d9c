import { useState } from 'react';
import { EXPERIENCE_LEVELS, HOURLY_SLOTS, PT_REQUEST_DISCIPLINES } from '@mastr/rules/pt-requests.ts';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import { useSession } from '../session/index.ts';
import { requestGymPrivateSession } from './booking-api.ts';
import { bookingErrorWithReason } from './booking-errors.ts';
import { isPtDateDisabled, pickerWeeks, ptRequestBody } from './booking-models.ts';
import { ChoiceSelect } from '../forms/index.ts';
import { Modal } from '../ui/index.ts';
import { TwoWeekDatePicker } from './two-week-date-picker.tsx';
import { formatDayMonth } from './timetable-view.ts';
import { useSignedInMember } from './use-signed-in-member.ts';

interface PtRequestModalProps {
  gymId: string;
  currentWeekStart: string;
  today: string;
  onClose(): void;
  onSent(): void;
}

const TIME_OPTIONS = HOURLY_SLOTS.map((s) => ({ value: String(s), text: formatTimeOfDay(s) }));
const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, text: v }));

/**
 * 'Request PT' (§2 "PT request modal"): a date more than two days ahead, then an hourly time, then
 * a discipline, then an experience level — each step appears once the one before is chosen.
 * 'Make Request' appears only when all four are set and a member is signed in.
 */
export function PtRequestModal({ gymId, currentWeekStart, today, onClose, onSent }: PtRequestModalProps) {
  const { userInfo, kind } = useSession();
  const memberId = useSignedInMember();
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [discipline, setDiscipline] = useState('');
  const [experience, setExperience] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const body = ptRequestBody(gymId, { date, time: time === '' ? null : Number(time), discipline, experience });
  const signedIn = !!userInfo && kind === 'user';

  const send = async () => {
    if (!body || !memberId()) return;
    setSending(true);
    setError('');
    try {
      await requestGymPrivateSession(body);
      onSent();
    } catch (err) {
      setError(bookingErrorWithReason(err));
      setSending(false);
    }
  };

  return (
    <Modal title="Request PT" onClose={onClose} busy={sending}>
      <p className="modal__note">Request a private session at this gym. Choose a date more than two days ahead.</p>
      <TwoWeekDatePicker
        label="Session date"
        weeks={pickerWeeks(currentWeekStart)}
        selected={date}
        isDisabled={(d) => isPtDateDisabled(d, today)}
        disabled={sending}
        onSelect={setDate}
      />
      {date && <p className="modal__date">{formatDayMonth(date)}</p>}
      {date && <ChoiceSelect label="Time" value={time} options={TIME_OPTIONS} onChange={setTime} disabled={sending} />}
      {date && time && (
        <ChoiceSelect
          label="Discipline"
          value={discipline}
          options={asOptions(PT_REQUEST_DISCIPLINES)}
          onChange={setDiscipline}
          disabled={sending}
        />
      )}
      {date && time && discipline && (
        <ChoiceSelect
          label="Experience Level"
          value={experience}
          options={asOptions(EXPERIENCE_LEVELS)}
          onChange={setExperience}
          disabled={sending}
        />
      )}
      {body && signedIn && (
        <button type="button" className="button button--primary" onClick={() => void send()} disabled={sending}>
          {sending ? 'Please Wait' : 'Make Request'}
        </button>
      )}
      {error && (
        <p className="modal__error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
