import { Modal } from '../ui/index.ts';

/** Shown after a PT request went through (§2 "'Request Sent' confirmation"). */
export function RequestSentModal({ onClose }: { onClose(): void }) {
  return (
    <Modal title="Request Sent" onClose={onClose}>
      <p>
        The gym has your request. Coaches will apply for it, and you can follow it under Private Sessions in your
        dashboard.
      </p>
      <button type="button" className="button button--primary" onClick={onClose}>
        OK
      </button>
    </Modal>
  );
}
