import { useState } from 'react';
import type { ClassItem } from '@mastr/rules/documents.ts';
import { alsoIncluded, isBookableClass, type WeekKind } from '@mastr/rules/timetable.ts';
import { createDayPassCheckout } from './booking-api.ts';
import { passTypeOf } from './booking-models.ts';
import { ClassSummary } from './class-summary.tsx';
import { Modal } from '../ui/index.ts';
import { formatDayMonth } from './timetable-view.ts';
import { useCheckout } from './use-checkout.ts';
import { useSignedInMember } from './use-signed-in-member.ts';
import { useUniqueId } from '../lib/index.ts';

interface ClassBookingModalProps {
  gymId: string;
  item: ClassItem;
  date: string;
  /** All of that day's classes, for 'Also included'. */
  dayClasses: readonly ClassItem[];
  /** Which week the timetable showed, so the class reopens after signing in. */
  weekKind: WeekKind;
  onClose(): void;
}

/**
 * Opened from a class in the timetable (§2 "Class booking modal"): its date and a day pass for that
 * day — adult or kids as the class is — with the same day's other classes it also covers.
 */
export function ClassBookingModal({ gymId, item, date, dayClasses, weekKind, onClose }: ClassBookingModalProps) {
  const memberId = useSignedInMember();
  const checkout = useCheckout({ keepProcessingOnError: true });
  const [showIncluded, setShowIncluded] = useState(false);
  const includedId = useUniqueId();
  const included = alsoIncluded(dayClasses, item);
  const bookable = isBookableClass(item);

  const book = () => {
    const user_id = memberId({ dialog: 'class', date, classId: item._id, kids: item.kidsClass, weekKind });
    if (!user_id) return;
    void checkout.start(() =>
      createDayPassCheckout(passTypeOf(item.kidsClass), { user_id, gym_id: gymId, passDayDate: date }),
    );
  };

  return (
    <Modal title={item.discipline} onClose={onClose} closeDisabled={checkout.processing} busy={checkout.inFlight}>
      <p className="modal__date">{formatDayMonth(date)}</p>
      <ClassSummary item={item} />
      {bookable ? (
        <>
          <p className="modal__note">{item.kidsClass ? 'Kids day pass' : 'Adult day pass'}</p>
          <button type="button" className="button button--primary" onClick={book} disabled={checkout.processing}>
            Book Day Pass
          </button>
          {included.length > 0 && (
            <div className="also-included">
              <button
                type="button"
                className="also-included__toggle"
                aria-expanded={showIncluded}
                aria-controls={includedId}
                onClick={() => setShowIncluded((s) => !s)}
              >
                Also included
              </button>
              <ul id={includedId} className="class-list" hidden={!showIncluded}>
                {included.map((other) => (
                  <li key={other._id}>
                    <ClassSummary item={other} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <p className="modal__note">This class is by invitation only and cannot be booked.</p>
      )}
      {checkout.error && (
        <p className="modal__error" role="alert">
          {checkout.error}
        </p>
      )}
    </Modal>
  );
}
