import { useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import './modal.css';
import { useUniqueId } from '../lib/index.ts';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Disables the Close button (e.g. while a booking is processing). */
  closeDisabled?: boolean;
  /** Ignores Escape too: a call is on its way and closing would lose its answer. */
  busy?: boolean;
}

/**
 * An accessible dialog on the native modal <dialog>: the browser traps focus inside it (the rest
 * of the page is inert) and Escape asks to close. Mount it to open it; on unmount focus goes back to
 * whatever opened it.
 */
export function Modal({ title, onClose, children, closeDisabled = false, busy = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useUniqueId();

  // Opened before the browser paints (a layout effect), so the dialog is never on the page closed for
  // a frame: Preact runs plain effects after paint, React ran them at once after a click (decision 159).
  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);

  // Escape fires 'cancel'; the dialog stays open unless the parent closes it (unmounts it).
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (!busy) onClose();
  };

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={onCancel}>
      <header className="modal__head">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          disabled={closeDisabled || busy}
          aria-label="Close"
        >
          <span aria-hidden="true">✕</span>
        </button>
      </header>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
