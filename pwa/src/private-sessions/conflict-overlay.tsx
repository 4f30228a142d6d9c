import { Modal } from '../ui/index.ts';

/** §8's checkout 409: 'Conflict' and the server's message, dismissed by the member. */
export function ConflictOverlay({ message, onClose }: { message: string | null; onClose(): void }) {
  if (message === null) return null;
  return (
    <Modal title="Conflict" onClose={onClose}>
      <p role="alert">{message}</p>
    </Modal>
  );
}
