import { useState } from 'react';
import { formatPence } from '@mastr/rules/money.ts';
import type { GymDetail } from '@mastr/rules/api/directory.ts';
import { createDayPassCheckout } from './booking-api.ts';
import { dayPassClassesOn, isDayPassDateDisabled, passTypeOf, pickerWeeks } from './booking-models.ts';
import { ClassSummary } from './class-summary.tsx';
import { Modal } from '../ui/index.ts';
import { TwoWeekDatePicker } from './two-week-date-picker.tsx';
import { emptyDayText, formatDayMonth } from './timetable-view.ts';
import { useCheckout } from './use-checkout.ts';
import { useSignedInMember } from './use-signed-in-member.ts';
import { useUniqueId } from '../lib/index.ts';

type DayPassGym = Pick<GymDetail, '_id' | 'adultDayPassPrice' | 'kidsDayPassPrice' | 'schedule' | 'currentWeekStart'>;

/**
 * 'Book Day Pass' (§2 "Day pass modal"): Adult or Kids, a date from the two-week picker opened by
 * tapping the date header, and that day's classes the pass covers. Booking needs a listed class.
 */
export function DayPassModal({
  gym,
  today,
  initial,
  onClose,
}: {
  gym: DayPassGym;
  today: string;
  /** The choices made before signing in, if the dialog reopens after it. */
  initial?: { date: string; kids: boolean };
  onClose(): void;
}) {
  const memberId = useSignedInMember();
  const checkout = useCheckout({ keepProcessingOnError: true });
  const [kids, setKids] = useState(initial?.kids ?? false);
  const [date, setDate] = useState(initial && initial.date >= today ? initial.date : today);
  const [picking, setPicking] = useState(false);
  const pickerId = useUniqueId();
  const classes = dayPassClassesOn(gym.schedule, gym.currentWeekStart, date, kids);
  const locked = checkout.processing;

  const book = () => {
    const user_id = memberId({ dialog: 'day-pass', date, kids });
    if (!user_id) return;
    void checkout.start(() => createDayPassCheckout(passTypeOf(kids), { user_id, gym_id: gym._id, passDayDate: date }));
  };

  return (
    <Modal title="Book Day Pass" onClose={onClose} closeDisabled={locked} busy={checkout.inFlight}>
      <div className="segmented" role="group" aria-label="Day pass type">
        {[false, true].map((isKids) => (
          <button
            key={String(isKids)}
            type="button"
            className="segmented__option"
            aria-pressed={kids === isKids}
            disabled={locked}
            onClick={() => setKids(isKids)}
          >
            {passTypeOf(isKids)}{' '}
            <span className="segmented__price">
              {formatPence(isKids ? gym.kidsDayPassPrice : gym.adultDayPassPrice)}
            </span>
          </button>
        ))}
      </div>
      <button
        type="button"
        className="date-header"
        aria-expanded={picking}
        aria-controls={pickerId}
        disabled={locked}
        onClick={() => setPicking((p) => !p)}
      >
        {formatDayMonth(date)}
      </button>
      <div id={pickerId} hidden={!picking}>
        <TwoWeekDatePicker
          label="Day pass date"
          weeks={pickerWeeks(gym.currentWeekStart)}
          selected={date}
          isDisabled={(d) => isDayPassDateDisabled(d, today)}
          disabled={locked}
          onSelect={(d) => {
            setDate(d);
            setPicking(false);
          }}
        />
      </div>
      {classes.length > 0 ? (
        <>
          <ul className="class-list" aria-label={`${passTypeOf(kids)} classes on ${formatDayMonth(date)}`}>
            {classes.map((item) => (
              <li key={item._id}>
                <ClassSummary item={item} />
              </li>
            ))}
          </ul>
          <button type="button" className="button button--primary" onClick={book} disabled={locked}>
            Book Day Pass
          </button>
        </>
      ) : (
        <p className="modal__note">{emptyDayText(kids)}</p>
      )}
      {checkout.error && (
        <p className="modal__error" role="alert">
          {checkout.error}
        </p>
      )}
    </Modal>
  );
}
