import { NO_MASTR_CLASSES_TO_SHOW } from '@mastr/rules/texts.ts';
import { useState } from 'react';
import { MASTR_CLASS_PRICE_PENCE, formatPence } from '@mastr/rules/money.ts';
import type { MastrClassOption } from '@mastr/rules/api/directory.ts';
import { createMastrClassCheckout } from './booking-api.ts';
import { mastrOptionViews } from './booking-models.ts';
import { Modal } from '../ui/index.ts';
import { useCheckout } from './use-checkout.ts';
import { useSignedInMember } from './use-signed-in-member.ts';

interface MastrClassModalProps {
  gymId: string;
  options: readonly MastrClassOption[];
  onClose(): void;
}

/**
 * The £1 introductory Mastr class (§2 "Mastr class modal"): one of the next two classes, chosen
 * one at a time; cancelled, already selected and started ones cannot be chosen.
 */
export function MastrClassModal({ gymId, options, onClose }: MastrClassModalProps) {
  const memberId = useSignedInMember();
  const checkout = useCheckout({ keepProcessingOnError: false });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const views = mastrOptionViews(options, selectedId);
  const selected = options.find((o) => o._id === selectedId);

  const book = () => {
    const user_id = memberId({ dialog: 'mastr-class' });
    if (!user_id || !selected) return;
    void checkout.start(() =>
      createMastrClassCheckout({
        user_id,
        gym_id: gymId,
        mastrClassDate: selected.classDateAndTime,
        mastrClassId: selected._id,
      }),
    );
  };

  return (
    <Modal title="Mastr Class" onClose={onClose} closeDisabled={checkout.processing} busy={checkout.inFlight}>
      <p className="modal__note">
        Try the gym for {formatPence(MASTR_CLASS_PRICE_PENCE)}, with a deal on your first month's membership.
      </p>
      {views.length === 0 ? (
        <p className="modal__note">{NO_MASTR_CLASSES_TO_SHOW}</p>
      ) : (
        <ul className="option-list">
          {views.map((view) => (
            <li key={view._id}>
              <button
                type="button"
                className="option-button"
                aria-pressed={view.state === 'selected'}
                // The chosen class is only aria-disabled, so keyboard focus stays on it once chosen.
                aria-disabled={view.disabled}
                disabled={view.state === 'cancelled' || view.state === 'past' || checkout.processing}
                onClick={() => !view.disabled && setSelectedId(view._id)}
              >
                <strong>{view.week}</strong>
                <span>{view.when}</span>
                {view.note && <span className="option-button__note">{view.note}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {selected && (
        <button type="button" className="button button--primary" onClick={book} disabled={checkout.processing}>
          Book Class
        </button>
      )}
      {checkout.error && (
        <p className="modal__error" role="alert">
          {checkout.error}
        </p>
      )}
    </Modal>
  );
}
