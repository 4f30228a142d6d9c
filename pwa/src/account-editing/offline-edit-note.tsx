import { EDIT_TEXTS } from './account-edit-model.ts';
import { useOnline } from './use-online.ts';
import './account-editing.css';

/** Over an account page's forms while the device is offline: the details read from the device, edits wait for a connection. */
export function OfflineEditNote() {
  const online = useOnline();
  // The live region stays mounted so going offline is announced.
  return (
    <div role="status" aria-live="polite">
      {!online && <p className="dash-note dash-note--offline">{EDIT_TEXTS.offline}</p>}
    </div>
  );
}
