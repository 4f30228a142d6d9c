import { ukTime, type PassView } from './front-desk-model.ts';

/** 'Check In', or a tick with the time while the pass may not be checked in again (§4). */
export function CheckInControl({ view, busy, onCheckIn }: { view: PassView; busy: boolean; onCheckIn(): void }) {
  if (view.canCheckIn) {
    return (
      <button
        type="button"
        className="button check-in__button"
        onClick={onCheckIn}
        disabled={busy}
        aria-label={`Check In ${view.clientName} ${view.entryCode}`}
      >
        Check In
      </button>
    );
  }
  const time = view.checkedInAt ? ukTime(view.checkedInAt) : '';
  return (
    <span className="check-in__tick">
      <span aria-hidden="true">✓</span> Checked in {time}
      {view.checkInPending && <span className="check-in__pending"> · waiting to sync</span>}
    </span>
  );
}
